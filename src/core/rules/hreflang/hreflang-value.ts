/*
 * hreflang values: the subset of BCP 47 that Google reads. A language code
 * (ISO 639-1, or a three-letter ISO 639-2/3 code), an optional script
 * (ISO 15924, four letters: zh-Hant) and an optional region (ISO 3166-1
 * alpha-2: en-GB), or `x-default`. Case does not matter. Regions by number
 * (es-419), variants and extensions are valid BCP 47 but not what Google
 * documents, so they are reported.
 *
 * The code lists are the ISO ones as of 2024 (checked against ICU's display
 * names, which also know the withdrawn codes below). They are held here, not
 * taken from Intl, so the CLI, the worker and every browser agree.
 */

const LANGUAGES = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu ' +
    'fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ' +
    'ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os ' +
    'pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ' +
    'ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu' +
    // Withdrawn codes that BCP 47 still maps to current ones (iw → he): engines read them.
    ' in iw ji jw mo sh'
  ).split(' '),
);

const REGIONS = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG ' +
    'CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL ' +
    'GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA ' +
    'LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP ' +
    'NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
    'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/** Country codes written where a language belongs, and the language meant. */
const COUNTRY_AS_LANGUAGE: Record<string, string> = {
  jp: 'ja (Japanese)',
  cz: 'cs (Czech)',
  gr: 'el (Greek)',
  dk: 'da (Danish)',
  kr: 'ko (Korean)',
  cn: 'zh (Chinese)',
  ua: 'uk (Ukrainian)',
  us: 'en (English)',
  gb: 'en (English)',
  vn: 'vi (Vietnamese)',
  rs: 'sr (Serbian)',
  at: 'de (German)',
  br: 'pt (Portuguese; br is Breton)',
  il: 'he (Hebrew)',
  ir: 'fa (Persian)',
  mx: 'es (Spanish)',
  dz: 'ar (Arabic)',
};

/** Region codes that look right but are not ISO 3166-1, and the one meant. */
const WRONG_REGIONS: Record<string, string> = {
  UK: 'GB (the United Kingdom)',
  EU: 'a country such as DE (the EU has no region code)',
};

const TAG = /^([A-Za-z]{2,3})(?:-([A-Za-z]{4}))?(?:-([A-Za-z]{2}))?$/;

/**
 * Why an hreflang value is not one Google reads, or '' when it is fine.
 * Cheap for the common case (a known two-letter code).
 */
// recursion-ok: once at most: the value called again has no "_" left
export function hreflangValueDefect(raw: string): string {
  const value = raw.trim();
  if (value === '') return 'is empty';
  const lower = value.toLowerCase();
  if (lower === 'x-default') return value === raw ? '' : 'has white space around it';
  if (value !== raw) return 'has white space around it';
  if (value.includes('_')) {
    const dashed = value.replace(/_/g, '-');
    const still = hreflangValueDefect(dashed);
    return still === ''
      ? `uses "_" where BCP 47 wants "-"; write ${dashed}`
      : `uses "_" where BCP 47 wants "-", and even as ${dashed} it ${still}`;
  }
  const m = TAG.exec(value);
  if (!m) {
    if (/^[A-Za-z]{2,3}-\d{3}$/.test(value))
      return 'uses a numeric region (UN M.49, such as 419); Google reads only two-letter ISO 3166-1 regions';
    return 'is not a language code with an optional region, such as en, en-GB or zh-Hant';
  }
  const language = (m[1] as string).toLowerCase();
  const region = m[3]?.toUpperCase();
  if (language.length === 2 && !LANGUAGES.has(language)) {
    const meant = COUNTRY_AS_LANGUAGE[language];
    return meant
      ? `starts with "${m[1]}", which is a country, not an ISO 639-1 language code; use ${meant}`
      : `starts with "${m[1]}", which is not an ISO 639-1 language code`;
  }
  if (region !== undefined && !REGIONS.has(region)) {
    const meant = WRONG_REGIONS[region];
    return meant
      ? `has the region "${m[3]}", which is not an ISO 3166-1 code; use ${meant}`
      : `has the region "${m[3]}", which is not an ISO 3166-1 country code`;
  }
  return '';
}
