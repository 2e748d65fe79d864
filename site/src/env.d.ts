declare namespace App {
  interface Locals {
    lang: import('./i18n/index.ts').Lang;
    t: import('./i18n/index.ts').Translate;
    /** The operator's app configuration, or null when the API did not answer. */
    appConfig: import('@ottkit/api-client').AppProperty | null;
    /** The areas the business type makes reachable (spec §1, §2). */
    areas: ReadonlySet<import('./lib/businessType.ts').Area>;
    /** Zero-trust mode (spec §1): whether a sealed manifest exists and must be opened first. */
    zeroTrust: 'required' | 'available' | 'off';
  }
}
