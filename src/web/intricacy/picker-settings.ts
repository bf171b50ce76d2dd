/** The picker's display settings, kept in localStorage, and what each toggle button does to them. */

export interface PickerSettings {
  readonly colouring: 'nature' | 'adjacent';
  readonly blockages: boolean;
  /** Show the two phases of a turn one after the other (off: the end of the turn at once). */
  readonly animate?: boolean;
}

export const SETTINGS_KEY = 'tessera.intricacy.settings';
export const DEFAULT_SETTINGS: PickerSettings = { colouring: 'adjacent', blockages: true, animate: true };

/** Whether a stored value is a whole settings object (anything else falls back to the defaults). */
export const isPickerSettings = (v: unknown): v is PickerSettings =>
  typeof v === 'object' &&
  v !== null &&
  ['nature', 'adjacent'].includes((v as PickerSettings).colouring) &&
  typeof (v as PickerSettings).blockages === 'boolean' &&
  ['boolean', 'undefined'].includes(typeof (v as PickerSettings).animate);

export const toggleColouring = (s: PickerSettings): PickerSettings => ({
  ...s,
  colouring: s.colouring === 'adjacent' ? 'nature' : 'adjacent',
});
export const toggleBlockages = (s: PickerSettings): PickerSettings => ({ ...s, blockages: !s.blockages });
/** Settings saved before the phases toggle existed have no `animate`: they animate. */
export const animates = (s: PickerSettings): boolean => s.animate !== false;
export const toggleAnimate = (s: PickerSettings): PickerSettings => ({ ...s, animate: !animates(s) });
