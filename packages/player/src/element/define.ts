import { createOttkitPlayerClass, type OttkitPlayerElement } from './player-element.ts';

export {
  createOttkitPlayerClass,
  OTTKIT_PLAYER_ATTRIBUTES,
  OTTKIT_PLAYER_CONTROL_EVENTS,
  OTTKIT_PLAYER_EVENTS,
  type OttkitPlayerElement,
} from './player-element.ts';
export * from '../index.ts';

declare global {
  interface HTMLElementTagNameMap {
    'ottkit-player': OttkitPlayerElement;
  }
}

/** Registers `<ottkit-player>` once; safe to import twice and on a server (where it does nothing). */
export function defineOttkitPlayer(tag = 'ottkit-player'): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, createOttkitPlayerClass());
}

defineOttkitPlayer();
