import {
  animates,
  type PickerSettings,
  toggleAnimate,
  toggleBlockages,
  toggleColouring,
} from './picker-settings.ts';

const COLOURINGS = [
  ['nature', 'by nature'],
  ['adjacent', 'adjacent differ'],
] as const satisfies readonly (readonly [PickerSettings['colouring'], string])[];

/** The display settings' toggle buttons: the colouring, the blockage arrows, the phases. */
export function PickerToggles({
  settings,
  onChange,
}: {
  settings: PickerSettings;
  onChange: (settings: PickerSettings) => void;
}) {
  return (
    <div className="buttons">
      {/* Two ways to colour, each a button that looks pressed while it is the one in use. */}
      <fieldset className="colour-choice">
        <legend>Colours</legend>
        {COLOURINGS.map(([colouring, words]) => (
          <button
            key={colouring}
            type="button"
            className={`toggle${settings.colouring === colouring ? ' on' : ''}`}
            aria-pressed={settings.colouring === colouring}
            onClick={() => settings.colouring !== colouring && onChange(toggleColouring(settings))}
          >
            {words}
          </button>
        ))}
      </fieldset>
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
