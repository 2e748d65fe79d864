/**
 * The viewer's layout setting (issue 20 §4, decision 0266): the names the inline head script, the My account
 * control and the tests share. No Node import here: the account page's script bundles it.
 */
export type LayoutSetting = 'tv' | 'standard' | 'auto';

/** In the order the My account control offers them. */
export const LAYOUT_SETTINGS: readonly LayoutSetting[] = ['auto', 'tv', 'standard'];

/** Where this browser keeps the setting; `?layout=tv|standard|auto` in any address sets it. */
export const LAYOUT_KEY = 'ottkit.layout';
export const LAYOUT_PARAM = 'layout';

export const isLayoutSetting = (value: unknown): value is LayoutSetting =>
  LAYOUT_SETTINGS.includes(value as LayoutSetting);

/** The stored setting; `auto` when there is none or storage is refused (private mode, a locked-down TV). */
export function storedLayout(storage: Pick<Storage, 'getItem'> | undefined): LayoutSetting {
  try {
    const value = storage?.getItem(LAYOUT_KEY);
    return isLayoutSetting(value) ? value : 'auto';
  } catch {
    return 'auto';
  }
}
