import {
  animates,
  type PickerSettings,
  toggleAnimate,
  toggleBlockages,
  toggleColouring,
} from './picker-settings.ts';

/** The display settings' toggle buttons: the colouring, the blockage arrows, the phases. */
export function PickerToggles({
  settings,
  onChange,
}: {
  settings: PickerSettings;
  onChange: (settings: PickerSettings) => void;
}) {
  const adjacent = settings.colouring === 'adjacent';
  return (
    <div className="buttons">
      <button
        type="button"
        className={`toggle${adjacent ? ' on' : ''}`}
        aria-pressed={adjacent}
        onClick={() => onChange(toggleColouring(settings))}
      >
        Colours: {adjacent ? 'adjacent differ' : 'by nature'}
      </button>
      <button
        type="button"
        className={`toggle${settings.blockages ? ' on' : ''}`}
        aria-pressed={settings.blockages}
        onClick={() => onChange(toggleBlockages(settings))}
      >
        Blockages
      </button>
      <button
        type="button"
        className={`toggle${animates(settings) ? ' on' : ''}`}
        aria-pressed={animates(settings)}
        onClick={() => onChange(toggleAnimate(settings))}
        title="Show each turn's two phases one after the other (off when the system asks for reduced motion)"
      >
        Phases
      </button>
    </div>
  );
}
