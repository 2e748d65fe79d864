declare namespace App {
  interface Locals {
    lang: import('./i18n/index.ts').Lang;
    t: import('./i18n/index.ts').Translate;
  }
}
