import { createHash } from 'node:crypto';
import { LAYOUT_KEY, LAYOUT_PARAM } from './layoutSetting.ts';

export { LAYOUT_KEY, LAYOUT_PARAM, type LayoutSetting } from './layoutSetting.ts';

/**
 * The `tv` layout (issue 20 §4, decision 0266): bigger type, large focus rings and the remote's keys (arrows, OK,
 * Back) driving focus. Chosen by the viewer's setting, else by the user agent of a TV browser. It runs as a tiny
 * inline script in every page's <head> (components/TvLayoutHead.astro), so the layout is set before the first
 * paint and costs the home page's JavaScript budget no file; the remote's module loads only in the tv layout.
 */

/** TV browsers' user agents: Samsung (Tizen, SMART-TV), LG (Web0S), Fire TV (AFT…), Android/Google TV, HbbTV. */
const TV_AGENT = /SMART-TV|SmartTV|Tizen|Web0S|WebOS|\bAFT[A-Z]|Android TV|GoogleTV|BRAVIA|HbbTV|CrKey/i;

/**
 * The inline script: reads `?layout=`, keeps it, and marks <html data-layout="tv|standard">: the setting when it
 * says tv or standard, else what the user agent is. Plain ES5 so any TV browser runs it.
 */
export const LAYOUT_SCRIPT = `(function(){var s=null;try{var p=new URLSearchParams(location.search).get(${JSON.stringify(
  LAYOUT_PARAM,
)});if(p==="tv"||p==="standard"||p==="auto")localStorage.setItem(${JSON.stringify(LAYOUT_KEY)},p);s=localStorage.getItem(${JSON.stringify(
  LAYOUT_KEY,
)})}catch(e){}document.documentElement.setAttribute("data-layout",s==="tv"||s==="standard"?s:new RegExp(${JSON.stringify(
  TV_AGENT.source,
)},"i").test(navigator.userAgent)?"tv":"standard")})();`;

/** Its CSP hash: astro.config.mjs allows it by hash, as it does the worker's registration (decision 0205). */
export function layoutScriptHash(): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(LAYOUT_SCRIPT).digest('base64')}`;
}
