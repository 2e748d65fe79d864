import {
  BRAND_ICON_MAX_BYTES,
  BRAND_ICON_MIN_SIDE,
  BRAND_LOGO_MAX_BYTES,
  sizeText,
} from '@ottkit/api-client/contract';
import { defineMessages } from './define.ts';

const LOGO_MAX = sizeText(BRAND_LOGO_MAX_BYTES);
const ICON_MAX = sizeText(BRAND_ICON_MAX_BYTES);
const ICON_SIDE = `${BRAND_ICON_MIN_SIDE} × ${BRAND_ICON_MIN_SIDE} px`;

/** The console's texts of the brand settings (issue 40, decision 0401): colour, footer links, default language. */
export const adminBrand = defineMessages({
  en: {
    'admin.brand.logoTitle': 'Logo',
    'admin.brand.logo': `Logo (PNG, JPEG or SVG, at most ${LOGO_MAX})`,
    'admin.brand.logoHint':
      'Shown in the header instead of the name, 40 px high. An SVG may hold drawings only: no scripts, styles or links.',
    'admin.brand.logoNow': 'The logo viewers see',
    'admin.brand.logoUpload': 'Upload logo',
    'admin.brand.logoRemove': 'Remove logo',
    'admin.brand.logoSaved': 'Logo saved; the site shows it now.',
    'admin.brand.logoRemoved': 'Logo removed; the site shows the service name.',
    'admin.brand.logoError': `Choose a PNG, JPEG or SVG file of at most ${LOGO_MAX}`,
    'admin.brand.iconTitle': 'App icon',
    'admin.brand.icon': `Icon (a square PNG or JPEG, at least ${ICON_SIDE}, at most ${ICON_MAX})`,
    'admin.brand.iconHint':
      'The installed app’s icon on a phone or computer, and the browser tab’s icon. Without one, they show the play mark in the accent colour.',
    'admin.brand.iconNow': 'The app icon viewers get',
    'admin.brand.iconMaskable': 'The app icon as a phone may cut it to a circle',
    'admin.brand.iconUpload': 'Upload icon',
    'admin.brand.iconRemove': 'Remove icon',
    'admin.brand.iconSaved': 'Icon saved; the app and the tab show it from the next page.',
    'admin.brand.iconRemoved': 'Icon removed; the app and the tab show the play mark again.',
    'admin.brand.iconError': `Choose a PNG or JPEG file of at most ${ICON_MAX}`,
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
    'admin.brand.logo': `Logotipo (PNG, JPEG o SVG, ${LOGO_MAX} como máximo)`,
    'admin.brand.logoHint':
      'Se muestra en la cabecera en lugar del nombre, de 40 px de alto. Un SVG solo puede tener dibujos: ni scripts, ni estilos, ni enlaces.',
    'admin.brand.logoNow': 'El logotipo que ven los espectadores',
    'admin.brand.logoUpload': 'Subir logotipo',
    'admin.brand.logoRemove': 'Quitar logotipo',
    'admin.brand.logoSaved': 'Logotipo guardado; el sitio ya lo muestra.',
    'admin.brand.logoRemoved': 'Logotipo quitado; el sitio muestra el nombre del servicio.',
    'admin.brand.logoError': `Elige un archivo PNG, JPEG o SVG de ${LOGO_MAX} como máximo`,
    'admin.brand.iconTitle': 'Icono de la aplicación',
    'admin.brand.icon': `Icono (PNG o JPEG cuadrado, de al menos ${ICON_SIDE}, ${ICON_MAX} como máximo)`,
    'admin.brand.iconHint':
      'El icono de la aplicación instalada en un teléfono o un ordenador, y el de la pestaña del navegador. Sin él, muestran el símbolo de reproducir en el color de acento.',
    'admin.brand.iconNow': 'El icono de la aplicación que reciben los espectadores',
    'admin.brand.iconMaskable': 'El icono como un teléfono puede recortarlo en un círculo',
    'admin.brand.iconUpload': 'Subir icono',
    'admin.brand.iconRemove': 'Quitar icono',
    'admin.brand.iconSaved':
      'Icono guardado; la aplicación y la pestaña lo muestran desde la próxima página.',
    'admin.brand.iconRemoved':
      'Icono quitado; la aplicación y la pestaña vuelven a mostrar el símbolo de reproducir.',
    'admin.brand.iconError': `Elige un archivo PNG o JPEG de ${ICON_MAX} como máximo`,
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
    'admin.brand.logo': `Logotipo (PNG, JPEG ou SVG, no máximo ${LOGO_MAX})`,
    'admin.brand.logoHint':
      'Aparece no cabeçalho no lugar do nome, com 40 px de altura. Um SVG só pode ter desenhos: sem scripts, estilos ou links.',
    'admin.brand.logoNow': 'O logotipo que os espectadores veem',
    'admin.brand.logoUpload': 'Enviar logotipo',
    'admin.brand.logoRemove': 'Remover logotipo',
    'admin.brand.logoSaved': 'Logotipo salvo; o site já o mostra.',
    'admin.brand.logoRemoved': 'Logotipo removido; o site mostra o nome do serviço.',
    'admin.brand.logoError': `Escolha um arquivo PNG, JPEG ou SVG de no máximo ${LOGO_MAX}`,
    'admin.brand.iconTitle': 'Ícone do aplicativo',
    'admin.brand.icon': `Ícone (PNG ou JPEG quadrado, de pelo menos ${ICON_SIDE}, no máximo ${ICON_MAX})`,
    'admin.brand.iconHint':
      'O ícone do aplicativo instalado num telefone ou computador, e o da aba do navegador. Sem ele, mostram o símbolo de reproduzir na cor de destaque.',
    'admin.brand.iconNow': 'O ícone do aplicativo que os espectadores recebem',
    'admin.brand.iconMaskable': 'O ícone como um telefone pode recortá-lo num círculo',
    'admin.brand.iconUpload': 'Enviar ícone',
    'admin.brand.iconRemove': 'Remover ícone',
    'admin.brand.iconSaved': 'Ícone salvo; o aplicativo e a aba o mostram a partir da próxima página.',
    'admin.brand.iconRemoved':
      'Ícone removido; o aplicativo e a aba voltam a mostrar o símbolo de reproduzir.',
    'admin.brand.iconError': `Escolha um arquivo PNG ou JPEG de no máximo ${ICON_MAX}`,
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
