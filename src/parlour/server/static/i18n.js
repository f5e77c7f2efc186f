// The page's language. Messages are written in English in the code and wrapped in t(); their translations
// come from the server (GET /api/i18n/{lang}: the same gettext catalogs as the terminal's). The language is
// the one chosen with the switch (remembered in localStorage), else the one the browser's Accept-Language
// prefers (GET /api/i18n negotiates it).
const KEY = "parlour:lang";
const COOKIE = "parlour_lang";
let messages = {};
let language = "en";
let languages = { en: "English" };

async function catalogue(path) {
  const response = await fetch(path);
  return response.ok ? response.json() : null;
}

/** Load the messages of the remembered language, or of the one the browser asks for; call before t(). */
export async function loadLanguage() {
  const chosen = localStorage.getItem(KEY);
  let data = chosen ? await catalogue(`/api/i18n/${encodeURIComponent(chosen)}`) : null;
  if (!data) {
    if (chosen) localStorage.removeItem(KEY);
    data = await catalogue("/api/i18n");
  }
  if (!data) return;
  ({ messages, languages } = data);
  language = data.lang;
  document.documentElement.lang = language;
  // The server serves the page in the language chosen here (what shows before this script runs): it reads it from
  // a cookie, kept while a choice is remembered.
  document.cookie = chosen && chosen === language ? `${COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`
    : `${COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/** `message` in the page's language, each {name} replaced by params.name: t("{name} to play.", { name }). */
export function t(message, params = {}) {
  const text = messages[message] || message;
  return text.replace(/(\b(?:de|que|le|la) )?\{(\w+)\}/gi, (whole, before, key) => {
    if (!(key in params)) return whole;
    const value = String(params[key]);
    return before ? elided(before, value) : value;
  });
}

/** French elision where a name or word is put after "de", "que", "le" or "la": "de Ana" → "d'Ana". */
function elided(before, value) {
  return language === "fr" && ELIDES.test(value) ? before.slice(0, -2) + "'" + value : before + value;
}
const ELIDES = /^[aeiouàâäéèêëîïôöùûüæœ]/i;

export function currentLanguage() { return language; }

/** A select of the languages offered; choosing one remembers it and reloads the page in it. */
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(languages)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    option.selected = code === language;
    select.append(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    document.cookie = `${COOKIE}=${select.value}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  });
  return select;
}
