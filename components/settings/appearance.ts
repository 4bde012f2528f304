/**
 * How the settings show on the page: attributes on <html>. The same rules run twice: as an inline
 * script in _document before first paint (no flash of the wrong theme, SPEC §4) and in the
 * appearance controller on every change afterwards.
 */
import { STORAGE_KEYS } from '@/lib/storage';

export interface AppearanceValues {
  isDark: boolean;
  isRTL: boolean;
  isNavbarVerticalCollapsed: boolean;
  navbarPosition: string;
  navbarStyle: string;
  isFluid: boolean;
}

export const READY_ATTRIBUTE = 'data-tv-ready';

export function applyAppearance(el: HTMLElement, v: AppearanceValues): void {
  el.setAttribute('data-bs-theme', v.isDark ? 'dark' : 'light');
  el.style.colorScheme = v.isDark ? 'dark' : 'light';
  el.setAttribute('dir', v.isRTL ? 'rtl' : 'ltr');
  toggle(el, 'data-tv-sidebar-collapsed', v.isNavbarVerticalCollapsed);
  toggle(el, 'data-tv-fluid', v.isFluid);
  if (v.navbarPosition === 'top') el.setAttribute('data-tv-navbar-position', 'top');
  else el.removeAttribute('data-tv-navbar-position');
  if (v.navbarStyle && v.navbarStyle !== 'transparent')
    el.setAttribute('data-tv-navbar-style', v.navbarStyle);
  else el.removeAttribute('data-tv-navbar-style');
  el.setAttribute(READY_ATTRIBUTE, '');
}

function toggle(el: HTMLElement, name: string, on: boolean): void {
  if (on) el.setAttribute(name, '');
  else el.removeAttribute(name);
}

/**
 * The inline script for _document's <head> (ES5, self-contained). It reads the persisted settings
 * (zustand's `{ state, version }` entry), resolves 'auto' with prefers-color-scheme and sets the
 * attributes; until it has run, CSS keeps the body invisible.
 */
export const APPEARANCE_SCRIPT = `(function(){var d=document.documentElement;try{var s={};try{var r=window.localStorage.getItem(${JSON.stringify(
  STORAGE_KEYS.settings,
)});if(r){s=(JSON.parse(r)||{}).state||{};}}catch(e){}
var t=s.theme==="dark"||s.theme==="auto"?s.theme:"light";
var k=t==="dark"||(t==="auto"&&!!window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches);
d.setAttribute("data-bs-theme",k?"dark":"light");d.style.colorScheme=k?"dark":"light";
if(s.isRTL===true){d.setAttribute("dir","rtl");}
if(s.isNavbarVerticalCollapsed===true){d.setAttribute("data-tv-sidebar-collapsed","");}
if(s.isFluid===true){d.setAttribute("data-tv-fluid","");}
if(s.navbarPosition==="top"){d.setAttribute("data-tv-navbar-position","top");}
if(s.navbarStyle==="inverted"||s.navbarStyle==="card"||s.navbarStyle==="vibrant"){d.setAttribute("data-tv-navbar-style",s.navbarStyle);}
}catch(e){}d.setAttribute(${JSON.stringify(READY_ATTRIBUTE)},"");})();`;
