// Choice lists and limits of Read the Docs, as listed in FACTS.md and the upstream constants modules.

export type Edition = 'community' | 'business';
export type PrivacyLevel = 'public' | 'private';

/** `LANGUAGES` of `readthedocs/projects/constants.py` (code → display name). */
export const LANGUAGES: Readonly<Record<string, string>> = {
  aa: 'Afar', ab: 'Abkhaz', acr: 'Achi', af: 'Afrikaans', agu: 'Awakateko', am: 'Amharic', ar: 'Arabic',
  as: 'Assamese', ay: 'Aymara', az: 'Azerbaijani', ba: 'Bashkir', be: 'Belarusian', bg: 'Bulgarian', bh: 'Bihari',
  bi: 'Bislama', bn: 'Bengali', bo: 'Tibetan', br: 'Breton', ca: 'Catalan', caa: "Ch'orti'", cac: 'Chuj',
  cab: 'Garífuna', cak: 'Kaqchikel', co: 'Corsican', cs: 'Czech', cy: 'Welsh', da: 'Danish', de: 'German',
  dz: 'Dzongkha', el: 'Greek', en: 'English', eo: 'Esperanto', es: 'Spanish', et: 'Estonian', eu: 'Basque',
  fa: 'Iranian', fi: 'Finnish', fj: 'Fijian', fo: 'Faroese', fr: 'French', fy: 'Western Frisian', ga: 'Irish',
  gd: 'Scottish Gaelic', gl: 'Galician', gn: 'Guarani', gu: 'Gujarati', ha: 'Hausa', hi: 'Hindi', he: 'Hebrew',
  hr: 'Croatian', hu: 'Hungarian', hy: 'Armenian', ia: 'Interlingua', id: 'Indonesian', ie: 'Interlingue',
  ik: 'Inupiaq', is: 'Icelandic', it: 'Italian', itz: "Itza'", iu: 'Inuktitut', ixl: 'Ixil', ja: 'Japanese',
  jac: "Popti'", jv: 'Javanese', ka: 'Georgian', kjb: "Q'anjob'al", kek: "Q'eqchi'", kk: 'Kazakh',
  kl: 'Kalaallisut', km: 'Khmer', kn: 'Kannada', knj: 'Akateko', ko: 'Korean', ks: 'Kashmiri', ku: 'Kurdish',
  ky: 'Kyrgyz', la: 'Latin', ln: 'Lingala', lo: 'Lao', lt: 'Lithuanian', lv: 'Latvian', mam: 'Mam',
  mg: 'Malagasy', mi: 'Maori', mk: 'Macedonian', ml: 'Malayalam', mn: 'Mongolian', mop: 'Mopan', mr: 'Marathi',
  ms: 'Malay', mt: 'Maltese', my: 'Burmese', na: 'Nauru', ne: 'Nepali', nl: 'Dutch', no: 'Norwegian',
  oc: 'Occitan', om: 'Oromo', or: 'Oriya', pa: 'Panjabi', pl: 'Polish', pnb: 'Western Punjabi', poc: 'Poqomam',
  poh: 'Poqomchi', ps: 'Pashto', pt: 'Portuguese', qu: 'Quechua', quc: "K'iche'", qum: 'Sipakapense',
  quv: 'Sakapulteko', rm: 'Romansh', rn: 'Kirundi', ro: 'Romanian', ru: 'Russian', rw: 'Kinyarwanda',
  sa: 'Sanskrit', sd: 'Sindhi', sg: 'Sango', si: 'Sinhala', sk: 'Slovak', skr: 'Saraiki', sl: 'Slovenian',
  sm: 'Samoan', sn: 'Shona', so: 'Somali', sq: 'Albanian', sr: 'Serbian', ss: 'Swati', st: 'Southern Sotho',
  su: 'Sudanese', sv: 'Swedish', sw: 'Swahili', ta: 'Tamil', te: 'Telugu', tg: 'Tajik', th: 'Thai',
  ti: 'Tigrinya', tk: 'Turkmen', tl: 'Tagalog', tn: 'Tswana', to: 'Tonga', tr: 'Turkish', ts: 'Tsonga',
  tt: 'Tatar', ttc: 'Tektiteko', tzj: "Tz'utujil", tw: 'Twi', ug: 'Uyghur', uk: 'Ukrainian', ur: 'Urdu',
  usp: 'Uspanteko', uz: 'Uzbek', vi: 'Vietnamese', vo: 'Volapuk', wo: 'Wolof', xh: 'Xhosa', xin: 'Xinka',
  yi: 'Yiddish', yo: 'Yoruba', za: 'Zhuang', zu: 'Zulu', 'nb-no': 'Norwegian Bokmal',
  'pt-br': 'Brazilian Portuguese', 'es-mx': 'Mexican Spanish', 'uk-ua': 'Ukrainian',
  'zh-cn': 'Simplified Chinese', 'zh-tw': 'Traditional Chinese',
};

export const PROGRAMMING_LANGUAGES: Readonly<Record<string, string>> = {
  words: 'Only Words', py: 'Python', js: 'JavaScript', php: 'PHP', ruby: 'Ruby', perl: 'Perl', java: 'Java',
  go: 'Go', julia: 'Julia', c: 'C', csharp: 'C#', cpp: 'C++', objc: 'Objective-C', css: 'CSS', ts: 'TypeScript',
  swift: 'Swift', vb: 'Visual Basic', r: 'R', scala: 'Scala', groovy: 'Groovy', coffee: 'CoffeeScript',
  lua: 'Lua', haskell: 'Haskell', other: 'Other',
};

export const VERSIONING_SCHEMES = [
  'multiple_versions_with_translations',
  'multiple_versions_without_translations',
  'single_version_without_translations',
] as const;
export type VersioningScheme = (typeof VERSIONING_SCHEMES)[number];

/** Build states in the order a normal build walks through them. */
export const BUILD_STEPS = ['triggered', 'cloning', 'installing', 'building', 'uploading', 'finished'] as const;
export type BuildState = (typeof BUILD_STEPS)[number] | 'cancelled';
export const FINAL_BUILD_STATES: readonly BuildState[] = ['finished', 'cancelled'];

/** Redirect types with their display names (`readthedocs/redirects/constants.py`). */
export const REDIRECT_TYPES = {
  page: 'Page Redirect',
  exact: 'Exact Redirect',
  clean_url_to_html: 'Clean URL to HTML (file/ to file.html)',
  html_to_clean_url: 'HTML to clean URL (file.html to file/)',
} as const;

/** The API description's redirect types, which an older Read the Docs lists and takes (`redirectTypes: 'older'`). */
export const OLDER_REDIRECT_TYPES = {
  page: 'Page Redirect',
  exact: 'Exact Redirect',
  prefix: 'Prefix Redirect',
  sphinx_html: 'Sphinx HTMLDir -> HTML',
  sphinx_htmldir: 'Sphinx HTML -> HTMLDir',
} as const;

export type RedirectType = keyof typeof REDIRECT_TYPES | keyof typeof OLDER_REDIRECT_TYPES;

/** Which redirect types the sandbox lists and takes: the service's today, or an older server's. */
export type RedirectTypeSet = 'current' | 'older';

/** The shapes of the sandbox's answers: the service's today, or an older server's (`responseShapes`). */
export type ResponseShapes = 'current' | 'older';

/** Old redirect type names: still choices (so OPTIONS lists them) but rejected by `validate_type`. */
const REDIRECTS_BLOG = 'https://blog.readthedocs.com/new-improvements-to-redirects/';
export const REMOVED_REDIRECT_TYPES: Readonly<Record<string, { display: string; error: string }>> = {
  prefix: {
    display: 'Removed, use an `exact` redirect instead.',
    error: `Prefix redirects have been removed. Please use an exact redirect \`/prefix/*\` instead. See ${REDIRECTS_BLOG}.`,
  },
  sphinx_html: {
    display: 'Renamed, use `clean_url_to_html` instead.',
    error: `sphinx_html redirect has been renamed to clean_url_to_html. See ${REDIRECTS_BLOG}.`,
  },
  sphinx_htmldir: {
    display: 'Renamed, use `html_to_clean_url` instead.',
    error: `sphinx_htmldir redirect has been renamed to html_to_clean_url. See ${REDIRECTS_BLOG}.`,
  },
};

export const COMMUNITY_REDIRECTS_LIMIT = 100;
export const ENV_VAR_VALUE_MAX = 48000;
export const ENV_VARS_TOTAL_MAX = 256000;

/** Hosts the Embed API may fetch when a URL is not one of ours (`RTD_EMBED_API_EXTERNAL_DOMAINS`). */
export const EMBED_EXTERNAL_DOMAINS = [/^docs\.python\.org$/, /^docs\.scipy\.org$/, /^docs\.sympy\.org$/, /^numpy\.org$/];
export const EMBED_DOMAIN_LIMIT_PER_MINUTE = 50;

/** Where hosted docs live per edition. */
export const PUBLIC_DOMAIN: Readonly<Record<Edition, string>> = {
  community: 'readthedocs.io',
  business: 'readthedocs-hosted.com',
};
