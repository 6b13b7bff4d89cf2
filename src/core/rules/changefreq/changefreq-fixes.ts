import { isChangefreq, type Changefreq } from './changefreq-rules';

/**
 * Words CMSs, translated plugins and the guides people learn from write for
 * the seven values, by language: Turkish as Google's Turkish guide writes
 * them (`her ay`), Serbian in both scripts and both pronunciations (ekavian
 * `mesečno`, ijekavian `mjesečno`), and the Bosnian/Croatian `tjedno`.
 * Keys are compared after {@link foldWord} (lower case, accents and hyphens
 * dropped), so `Täglich`, `taglich` and `TÄGLICH` are one key. Words whose
 * meaning is not one of the seven (`bi-weekly`, `quarterly`) are absent on
 * purpose: guessing would change the hint.
 */
const WORDS: Record<Changefreq, string[]> = {
  always: [
    'always',
    'immer',
    'toujours',
    'siempre',
    'sempre',
    'altijd',
    'her zaman',
    'zawsze',
    'всегда',
    'continuously',
    'daima',
    'uvek',
    'uvijek',
    'увек',
    'увијек',
  ],
  hourly: [
    'hourly',
    'every hour',
    'stündlich',
    'toutes les heures',
    'horaire',
    'cada hora',
    'a cada hora',
    'ogni ora',
    'orario',
    'elk uur',
    'ieder uur',
    'uurlijks',
    'her saat',
    'saatlik',
    'co godzinę',
    'ежечасно',
    'saatte bir',
    'svakog sata',
    'svaki sat',
    'satno',
    'сваког сата',
    'сваки сат',
    'сатно',
  ],
  daily: [
    'daily',
    'every day',
    'day',
    'täglich',
    'quotidien',
    'quotidienne',
    'tous les jours',
    'journalier',
    'diario',
    'diaria',
    'diariamente',
    'diário',
    'giornaliero',
    'quotidiano',
    'ogni giorno',
    'dagelijks',
    'her gün',
    'günlük',
    'codziennie',
    'dziennie',
    'ежедневно',
    'günde bir',
    'dnevno',
    'svakodnevno',
    'svaki dan',
    'svakog dana',
    'дневно',
    'свакодневно',
    'сваки дан',
    'сваког дана',
  ],
  weekly: [
    'weekly',
    'every week',
    'week',
    'wöchentlich',
    'hebdomadaire',
    'semanal',
    'semanalmente',
    'settimanale',
    'wekelijks',
    'her hafta',
    'haftalık',
    'tygodniowo',
    'co tydzień',
    'еженедельно',
    'haftada bir',
    'nedeljno',
    'nedjeljno',
    'sedmično',
    'tjedno',
    'svake nedelje',
    'svake sedmice',
    'недељно',
    'недјељно',
    'седмично',
    'сваке недеље',
    'сваке седмице',
  ],
  monthly: [
    'monthly',
    'every month',
    'month',
    'monatlich',
    'mensuel',
    'mensuelle',
    'mensual',
    'mensualmente',
    'mensal',
    'mensile',
    'maandelijks',
    'her ay',
    'aylık',
    'miesięcznie',
    'co miesiąc',
    'ежемесячно',
    'ayda bir',
    'mesečno',
    'mjesečno',
    'svakog meseca',
    'svakog mjeseca',
    'месечно',
    'мјесечно',
    'сваког месеца',
    'сваког мјесеца',
  ],
  yearly: [
    'yearly',
    'every year',
    'year',
    'annually',
    'annual',
    'jährlich',
    'annuel',
    'annuelle',
    'anual',
    'anualmente',
    'annuale',
    'jaarlijks',
    'her yıl',
    'yıllık',
    'rocznie',
    'co rok',
    'ежегодно',
    'yılda bir',
    'godišnje',
    'svake godine',
    'годишње',
    'сваке године',
  ],
  never: [
    'never',
    'nie',
    'niemals',
    'jamais',
    'nunca',
    'mai',
    'nooit',
    'asla',
    'hiçbir zaman',
    'nigdy',
    'никогда',
    'nikad',
    'nikada',
    'никад',
    'никада',
  ],
};

/** Lower case, no diacritics, single spaces, no hyphens or underscores: `Her-Gün ` → `her gun`. */
function foldWord(s: string): string {
  return (
    s
      .trim()
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      // Letters that carry no combining mark in NFD.
      .replace(/ı/g, 'i')
      .replace(/ł/g, 'l')
      .replace(/ß/g, 'ss')
      .replace(/[-_\s]+/g, ' ')
  );
}

const BY_WORD = new Map<string, Changefreq>();
for (const [value, words] of Object.entries(WORDS) as [Changefreq, string[]][]) {
  for (const w of words) BY_WORD.set(foldWord(w), value);
}

/**
 * changefreq-value → the canonical value for a case, white-space or
 * language variant (`Daily`, `weekly `, `her ay`, `täglich`), or null when
 * the value means something else (`bi-weekly`) or nothing known.
 */
export function fixChangefreq(value: string): Changefreq | null {
  if (isChangefreq(value)) return null;
  return BY_WORD.get(foldWord(value)) ?? null;
}
