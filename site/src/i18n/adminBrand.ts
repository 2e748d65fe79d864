import { defineMessages } from './define.ts';

/** The console's texts of the brand settings (issue 40, decision 0401): colour, footer links, default language. */
export const adminBrand = defineMessages({
  en: {
    'admin.brand.logoTitle': 'Logo',
    'admin.brand.logo': 'Logo (PNG, JPEG or SVG, at most 512 KB)',
    'admin.brand.logoHint':
      'Shown in the header instead of the name, 40 px high. An SVG may hold drawings only: no scripts, styles or links.',
    'admin.brand.logoNow': 'The logo viewers see',
    'admin.brand.logoUpload': 'Upload logo',
    'admin.brand.logoRemove': 'Remove logo',
    'admin.brand.logoSaved': 'Logo saved; the site shows it now.',
    'admin.brand.logoRemoved': 'Logo removed; the site shows the service name.',
    'admin.brand.logoError': 'Choose a PNG, JPEG or SVG file of at most 512 KB',
    'admin.brand.title': 'Brand',
    'admin.brand.accent': 'Accent colour (#rrggbb; empty: the default red)',
    'admin.brand.accentHint':
      'Buttons, links and what is selected. It must read well on the dark pages (WCAG AA).',
    'admin.brand.accentSample': 'A button in this colour',
    'admin.brand.refused.background':
      'This colour has a contrast of {ratio}:1 against the page’s background; it needs at least {needs}:1 (WCAG AA). Choose a lighter colour.',
    'admin.brand.refused.label':
      'A button’s label on this colour has a contrast of {ratio}:1; it needs at least {needs}:1 (WCAG AA). Choose a darker or a lighter colour.',
    'admin.brand.refused.format': 'Enter the colour as # and six hexadecimal digits, e.g. #1e88e5',
    'admin.brand.termsUrl': 'Terms of use (address; empty: no link)',
    'admin.brand.privacyUrl': 'Privacy policy (address; empty: no link)',
    'admin.brand.helpUrl': 'Help (address; empty: no link)',
    'admin.brand.defaultLanguage': 'Default language',
    'admin.brand.defaultLanguageHint':
      'For viewers who chose no language and whose browser asks for none the site has.',
    'admin.brand.lang.en': 'English',
    'admin.brand.lang.es': 'Español',
    'admin.brand.lang.pt': 'Português',
  },
  es: {
    'admin.brand.logoTitle': 'Logotipo',
    'admin.brand.logo': 'Logotipo (PNG, JPEG o SVG, 512 KB como máximo)',
    'admin.brand.logoHint':
      'Se muestra en la cabecera en lugar del nombre, de 40 px de alto. Un SVG solo puede tener dibujos: ni scripts, ni estilos, ni enlaces.',
    'admin.brand.logoNow': 'El logotipo que ven los espectadores',
    'admin.brand.logoUpload': 'Subir logotipo',
    'admin.brand.logoRemove': 'Quitar logotipo',
    'admin.brand.logoSaved': 'Logotipo guardado; el sitio ya lo muestra.',
    'admin.brand.logoRemoved': 'Logotipo quitado; el sitio muestra el nombre del servicio.',
    'admin.brand.logoError': 'Elige un archivo PNG, JPEG o SVG de 512 KB como máximo',
    'admin.brand.title': 'Marca',
    'admin.brand.accent': 'Color de acento (#rrggbb; vacío: el rojo predeterminado)',
    'admin.brand.accentHint':
      'Botones, enlaces y lo seleccionado. Debe leerse bien en las páginas oscuras (WCAG AA).',
    'admin.brand.accentSample': 'Un botón de este color',
    'admin.brand.refused.background':
      'Este color tiene un contraste de {ratio}:1 con el fondo de la página; necesita al menos {needs}:1 (WCAG AA). Elige un color más claro.',
    'admin.brand.refused.label':
      'El texto de un botón de este color tiene un contraste de {ratio}:1; necesita al menos {needs}:1 (WCAG AA). Elige un color más oscuro o más claro.',
    'admin.brand.refused.format': 'Escribe el color como # y seis dígitos hexadecimales, p. ej. #1e88e5',
    'admin.brand.termsUrl': 'Condiciones de uso (dirección; vacía: sin enlace)',
    'admin.brand.privacyUrl': 'Política de privacidad (dirección; vacía: sin enlace)',
    'admin.brand.helpUrl': 'Ayuda (dirección; vacía: sin enlace)',
    'admin.brand.defaultLanguage': 'Idioma predeterminado',
    'admin.brand.defaultLanguageHint':
      'Para quien no eligió idioma y cuyo navegador no pide ninguno de los que tiene el sitio.',
    'admin.brand.lang.en': 'English',
    'admin.brand.lang.es': 'Español',
    'admin.brand.lang.pt': 'Português',
  },
  pt: {
    'admin.brand.logoTitle': 'Logotipo',
    'admin.brand.logo': 'Logotipo (PNG, JPEG ou SVG, no máximo 512 KB)',
    'admin.brand.logoHint':
      'Aparece no cabeçalho no lugar do nome, com 40 px de altura. Um SVG só pode ter desenhos: sem scripts, estilos ou links.',
    'admin.brand.logoNow': 'O logotipo que os espectadores veem',
    'admin.brand.logoUpload': 'Enviar logotipo',
    'admin.brand.logoRemove': 'Remover logotipo',
    'admin.brand.logoSaved': 'Logotipo salvo; o site já o mostra.',
    'admin.brand.logoRemoved': 'Logotipo removido; o site mostra o nome do serviço.',
    'admin.brand.logoError': 'Escolha um arquivo PNG, JPEG ou SVG de no máximo 512 KB',
    'admin.brand.title': 'Marca',
    'admin.brand.accent': 'Cor de destaque (#rrggbb; vazio: o vermelho padrão)',
    'admin.brand.accentHint':
      'Botões, links e o que está selecionado. Deve ser legível nas páginas escuras (WCAG AA).',
    'admin.brand.accentSample': 'Um botão nesta cor',
    'admin.brand.refused.background':
      'Esta cor tem um contraste de {ratio}:1 com o fundo da página; precisa de pelo menos {needs}:1 (WCAG AA). Escolha uma cor mais clara.',
    'admin.brand.refused.label':
      'O texto de um botão nesta cor tem um contraste de {ratio}:1; precisa de pelo menos {needs}:1 (WCAG AA). Escolha uma cor mais escura ou mais clara.',
    'admin.brand.refused.format': 'Digite a cor como # e seis dígitos hexadecimais, por exemplo #1e88e5',
    'admin.brand.termsUrl': 'Termos de uso (endereço; vazio: sem link)',
    'admin.brand.privacyUrl': 'Política de privacidade (endereço; vazio: sem link)',
    'admin.brand.helpUrl': 'Ajuda (endereço; vazio: sem link)',
    'admin.brand.defaultLanguage': 'Idioma padrão',
    'admin.brand.defaultLanguageHint':
      'Para quem não escolheu idioma e cujo navegador não pede nenhum dos que o site tem.',
    'admin.brand.lang.en': 'English',
    'admin.brand.lang.es': 'Español',
    'admin.brand.lang.pt': 'Português',
  },
});
