/**
 * The borrower's own time zone (issue 13, POJK 22/2023 art. 62: contact hours in the borrower's
 * local time). India is one zone (IST); Indonesia has three — WIB (Asia/Jakarta), WITA
 * (Asia/Makassar) and WIT (Asia/Jayapura) — chosen by the province of the loan's address. Province
 * codes and names are those of Kemendagri as idn-area-data publishes them (provinces.csv); the
 * domain carries the small table itself because it does no I/O.
 */

export const IST = 'Asia/Kolkata';
export const WIB = 'Asia/Jakarta';
export const WITA = 'Asia/Makassar';
export const WIT = 'Asia/Jayapura';

/** Province code → [name as idn-area-data spells it, IANA zone]. */
const PROVINCES: Record<string, readonly [string, string]> = {
  '11': ['ACEH', WIB],
  '12': ['SUMATERA UTARA', WIB],
  '13': ['SUMATERA BARAT', WIB],
  '14': ['RIAU', WIB],
  '15': ['JAMBI', WIB],
  '16': ['SUMATERA SELATAN', WIB],
  '17': ['BENGKULU', WIB],
  '18': ['LAMPUNG', WIB],
  '19': ['KEPULAUAN BANGKA BELITUNG', WIB],
  '21': ['KEPULAUAN RIAU', WIB],
  '31': ['DKI JAKARTA', WIB],
  '32': ['JAWA BARAT', WIB],
  '33': ['JAWA TENGAH', WIB],
  '34': ['DAERAH ISTIMEWA YOGYAKARTA', WIB],
  '35': ['JAWA TIMUR', WIB],
  '36': ['BANTEN', WIB],
  '51': ['BALI', WITA],
  '52': ['NUSA TENGGARA BARAT', WITA],
  '53': ['NUSA TENGGARA TIMUR', WITA],
  '61': ['KALIMANTAN BARAT', WIB],
  '62': ['KALIMANTAN TENGAH', WIB],
  '63': ['KALIMANTAN SELATAN', WITA],
  '64': ['KALIMANTAN TIMUR', WITA],
  '65': ['KALIMANTAN UTARA', WITA],
  '71': ['SULAWESI UTARA', WITA],
  '72': ['SULAWESI TENGAH', WITA],
  '73': ['SULAWESI SELATAN', WITA],
  '74': ['SULAWESI TENGGARA', WITA],
  '75': ['GORONTALO', WITA],
  '76': ['SULAWESI BARAT', WITA],
  '81': ['MALUKU', WIT],
  '82': ['MALUKU UTARA', WIT],
  '91': ['PAPUA', WIT],
  '92': ['PAPUA BARAT', WIT],
  '93': ['PAPUA SELATAN', WIT],
  '94': ['PAPUA TENGAH', WIT],
  '95': ['PAPUA PEGUNUNGAN', WIT],
  '96': ['PAPUA BARAT DAYA', WIT],
};

/** Common ways an allocation file writes a province, beyond idn-area-data's names. */
const ALIASES: Record<string, string> = {
  JAKARTA: '31',
  'DKI JAKARTA RAYA': '31',
  YOGYAKARTA: '34',
  DIY: '34',
  'DI YOGYAKARTA': '34',
  'BANGKA BELITUNG': '19',
  NTB: '52',
  NTT: '53',
};

const normalise = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
const BY_NAME = new Map<string, string>([
  ...Object.entries(PROVINCES).map(([code, [name]]) => [normalise(name), code] as [string, string]),
  ...Object.entries(ALIASES),
]);

/** The province code of a name or code as a loan's `state` carries it ('Dki Jakarta', 'BALI', '51'), or null. */
export function provinceCode(state: string | null | undefined): string | null {
  if (!state) return null;
  const n = normalise(state);
  if (PROVINCES[n]) return n;
  return BY_NAME.get(n) ?? BY_NAME.get(n.replace(/^PROVINSI /, '').replace(/^PROV /, '')) ?? null;
}

/**
 * The IANA zone in which a borrower at `state` is contacted: IST for India; WIB/WITA/WIT by
 * province for Indonesia; `fallback` (the company's default zone) when the province is unknown.
 */
export function zoneOfAddress(country: 'INDIA' | 'INDONESIA', state: string | null | undefined, fallback: string): string {
  if (country === 'INDIA') return IST;
  const code = provinceCode(state);
  return code ? PROVINCES[code][1] : fallback;
}

/** Short label of a zone for messages: IST, WIB, WITA, WIT, or the IANA name. */
export function zoneLabel(zone: string): string {
  return ({ [IST]: 'IST', [WIB]: 'WIB', [WITA]: 'WITA', [WIT]: 'WIT' } as Record<string, string>)[zone] ?? zone;
}
