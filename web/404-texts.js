// The 404 card's words, one table for every place that writes them: tools/dist.mjs (into 404.html,
// so the page reads right without JavaScript), web/404.js (the texts it swaps at run time, and a
// card's data-* overrides). English is index.html's own wording.
export const CARD_TEXTS = {
  en: {
    code: 'Error 404',
    title: 'This page wandered off',
    message: 'The address you followed leads nowhere we know of. The landscape is still here, though: step through the gate, or take the path home.',
    homeLabel: 'Go to the home page',
    share: 'Share this view',
    copied: 'Link copied',
    save: 'Save picture',
    more: 'More',
    less: 'Less',
    // The portal over the gate (spec 1.9): the door's accessible name.
    portal: 'Step through the gate: go to the home page',
    // The departures board (web/404-board.js): its accessible name, the screen readers' column
    // headers, the rows' words (shown in capitals), and the foot, in service or disrupted (a bad
    // departures list).
    board: {
      name: 'Departures board', train: 'Train', status: 'Status', arrivals: 'Arrivals', you: 'You', arr: 'arr',
      notFound: 'Not Found', departures: 'Departures', platform: 'platform', wandering: 'wandering',
      foot: 'track 404 · service to come', disrupted: 'track 404 · service disrupted',
    },
  },
  fr: {
    code: 'Erreur 404',
    title: 'Cette page s’est égarée',
    message: 'L’adresse suivie ne mène nulle part. Le paysage, lui, est toujours là : passez la porte, ou reprenez le chemin de l’accueil.',
    homeLabel: 'Retour à l’accueil',
    share: 'Partager cette vue',
    copied: 'Lien copié',
    save: 'Enregistrer l’image',
    more: 'Plus',
    less: 'Moins',
    portal: 'Franchir la porte : retour à l’accueil',
    board: {
      name: 'Tableau des départs', train: 'Train', status: 'État', arrivals: 'Arrivées', you: 'Vous', arr: 'arr',
      notFound: 'Introuvable', departures: 'Départs', platform: 'quai', wandering: 'errance',
      foot: 'voie 404 · service à venir', disrupted: 'voie 404 · service perturbé',
    },
  },
};

// The page's words that only the build writes (tools/dist.mjs, tools/preview.mjs): the 404 page's
// title, and world/'s (the page share links lead to). Apart from CARD_TEXTS so that the page's
// script (which never changes them) does not carry them: esbuild leaves an unused export out.
export const PAGE_TEXTS = {
  en: {
    pageTitle: 'Page not found (404)',
    worldPageTitle: 'A noisefield world',
    worldCode: 'A shared world',
    worldTitle: 'A landscape of its own',
    worldMessage: 'Someone shared this world with you: every pixel is drawn live from the link. Step through the gate, or take the path home.',
  },
  fr: {
    pageTitle: 'Page introuvable (404)',
    worldPageTitle: 'Un monde noisefield',
    worldCode: 'Un monde partagé',
    worldTitle: 'Un paysage bien à lui',
    worldMessage: 'Quelqu’un vous a partagé ce monde : chaque pixel est dessiné en direct à partir du lien. Passez la porte, ou reprenez le chemin de l’accueil.',
  },
};

// The texts a site may set (CLI option / data-* attribute name), the rest follow the language.
export const SETTABLE = { title: 'title', message: 'message', homeLabel: 'home-label' };
const MAX_TEXT = 300;

// The card's texts for `lang` with `given` overrides, checked: a clear error names the option.
export function cardTexts(lang = 'en', given = {}) {
  const base = CARD_TEXTS[lang];
  if (!base) throw new Error(`--lang must be one of ${Object.keys(CARD_TEXTS).join(', ')} (got ${JSON.stringify(lang)})`);
  const out = { ...base };
  for (const [key, name] of Object.entries(SETTABLE)) {
    const v = given[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' || !v.trim() || v.length > MAX_TEXT || /\p{Cc}/u.test(v)) {
      throw new Error(`--${name} must be non-empty text of at most ${MAX_TEXT} characters without control characters (got ${JSON.stringify(v)})`);
    }
    out[key] = v.trim();
  }
  return out;
}

export const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
