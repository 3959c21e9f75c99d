/**
 * System variables every company has (issue 3 "Variables"; spec 3 "Variable", "Loan and customer
 * profile", "Status fields per loan").
 *
 * Company-defined variables (spec 3) are added on top of these by each company. Aliases are the
 * column headers lenders commonly use for a variable in their allocation files; the column mapper
 * (column-mapping.ts) compares them after normaliseHeader, so case, spaces, dots, underscores and
 * slashes in an alias do not matter.
 */

/** How a variable's cells are read and normalised (see normalise.ts and row-validation.ts). */
export const VARIABLE_DATA_TYPES = ['string', 'number', 'amount', 'date', 'mobile', 'email', 'pincode', 'integer'] as const;
/** One of VARIABLE_DATA_TYPES. */
export type VariableDataType = (typeof VARIABLE_DATA_TYPES)[number];

/**
 * The part of a variable (spec 3) the import reads.
 * - `variable_name`: the stable key, snake_case, e.g. 'loan_id'.
 * - `variable_label`: the display name, e.g. 'Loan ID'; used in messages.
 * - `data_type`: how cells are normalised; amounts are rupees or rupiah, dates 'YYYY-MM-DD'.
 * - `is_mandatory`: a row without it is rejected; a mapping without it is refused.
 * - `aliases`: lender column headers that mean this variable (system variables only).
 * - `active`: absent means active; an inactive variable is never suggested nor accepted.
 */
export interface ImportVariable {
  variable_name: string;
  variable_label: string;
  data_type: VariableDataType;
  is_mandatory: boolean;
  aliases?: readonly string[];
  active?: boolean;
  /** Grouping for the mapping screen and filters (spec 3 variable_group). */
  variable_group?: string;
  /** Whether the variable is one of the SYSTEM_VARIABLES (not company-defined). */
  is_system?: boolean;
}

/** The per-module loan statuses of spec 3 ("Status fields per loan") plus calling_status (spec 3 defaults). */
export const MODULE_STATUS_VARIABLE_NAMES = [
  'calling_status',
  'telecalling_status',
  'global_status',
  'recovery_status',
  'legal_status',
  'fos_status',
  'settlement_status',
  'digital_communication_status',
  'chatr_status',
  'voicebot_status',
] as const;

type Def = [name: string, label: string, type: VariableDataType, group: string, aliases: readonly string[], mandatory?: boolean];

const DEFS: readonly Def[] = [
  // Identity of the loan and the customer.
  ['loan_id', 'Loan ID', 'string', 'loan', [
    'Loan Account No', 'Loan Account Number', 'Loan Acc No', 'Loan A/c No', 'Loan No', 'Loan Number', 'LAN',
    'Agreement No', 'Agreement Number', 'Account No', 'Account Number', 'Contract No', 'Contract Number',
    'Loan Account', 'No Kontrak', 'Nomor Kontrak', 'No Pinjaman', 'No Rekening',
  ], true],
  ['client_customer_id', 'Client Customer ID', 'string', 'loan', ['Client Customer No', 'Cust ID', 'CIF', 'CIF No', 'Customer Code', 'Client ID', 'UCIC', 'ID Nasabah']],
  ['customer_id', 'Customer ID', 'string', 'loan', ['Internal Customer ID']],
  ['product', 'Product', 'string', 'loan', ['Product Name', 'Product Type', 'Scheme', 'Loan Type', 'Produk', 'Jenis Pinjaman']],
  // Applicant.
  ['applicant_name', 'Applicant Name', 'string', 'applicant', [
    'Customer Name', 'Borrower Name', 'Name', 'Client Name', 'Name of Borrower', 'Name of Customer',
    'Full Name', 'Nama', 'Nama Nasabah', 'Nama Debitur', 'Nama Peminjam',
  ], true],
  ['applicant_contact_number', 'Applicant Contact Number', 'mobile', 'applicant', [
    'Mobile No', 'Mobile Number', 'Mobile', 'Contact No', 'Contact Number', 'Phone', 'Phone No', 'Phone Number',
    'Customer Mobile', 'Borrower Mobile', 'Mob No', 'Cell No', 'No HP', 'Nomor HP', 'No Handphone', 'No Telepon', 'HP',
  ]],
  ['email', 'Email', 'email', 'applicant', ['Email ID', 'E-mail', 'Email Address', 'Mail ID', 'Customer Email']],
  ['address_line_1', 'Address Line 1', 'string', 'address', ['Address', 'Address 1', 'Address1', 'Customer Address', 'Residence Address', 'Alamat', 'Alamat 1']],
  ['address_line_2', 'Address Line 2', 'string', 'address', ['Address 2', 'Address2', 'Alamat 2']],
  ['address_line_3', 'Address Line 3', 'string', 'address', ['Address 3', 'Address3', 'Landmark', 'Alamat 3']],
  ['city', 'City', 'string', 'address', ['District', 'Town', 'Kota', 'Kabupaten', 'Kota/Kabupaten']],
  ['state', 'State', 'string', 'address', ['Province', 'Provinsi', 'Region']],
  ['pincode', 'Pincode', 'pincode', 'address', ['Pin Code', 'Pin', 'Postal Code', 'Postcode', 'Zip', 'Zip Code', 'Kode Pos']],
  // Co-applicants and references, flattened to numbered columns in allocation files.
  ['co_applicant_1_name', 'Co-Applicant 1 Name', 'string', 'co_applicant', ['Co Applicant Name', 'Co-Applicant', 'Co Borrower Name', 'Co-Borrower Name', 'Guarantor Name']],
  ['co_applicant_1_contact_number', 'Co-Applicant 1 Contact Number', 'mobile', 'co_applicant', ['Co Applicant Mobile', 'Co Applicant Contact No', 'Co Borrower Mobile', 'Guarantor Mobile']],
  ['co_applicant_2_name', 'Co-Applicant 2 Name', 'string', 'co_applicant', ['Co Applicant 2', 'Co Borrower 2 Name']],
  ['co_applicant_2_contact_number', 'Co-Applicant 2 Contact Number', 'mobile', 'co_applicant', ['Co Applicant 2 Mobile', 'Co Borrower 2 Mobile']],
  ['reference_1_name', 'Reference 1 Name', 'string', 'reference', ['Reference Name', 'Ref 1 Name', 'Ref Name', 'Reference 1']],
  ['reference_1_contact_number', 'Reference 1 Contact Number', 'mobile', 'reference', ['Reference Mobile', 'Ref 1 Mobile', 'Ref Mobile', 'Reference Contact No', 'Reference 1 Mobile']],
  ['reference_2_name', 'Reference 2 Name', 'string', 'reference', ['Ref 2 Name', 'Reference 2']],
  ['reference_2_contact_number', 'Reference 2 Contact Number', 'mobile', 'reference', ['Ref 2 Mobile', 'Reference 2 Mobile']],
  // Delinquency and dues (amounts in rupees or rupiah).
  ['dpd', 'DPD', 'integer', 'dues', ['Days Past Due', 'Current DPD', 'DPD Days', 'Overdue Days', 'Hari Tunggakan']],
  ['allocation_dpd_value', 'Allocation DPD Bucket', 'string', 'dues', ['Bucket', 'DPD Bucket', 'Allocation Bucket', 'Allocation DPD', 'Bkt', 'Kolektibilitas']],
  ['principal_outstanding', 'Principal Outstanding', 'amount', 'dues', [
    'POS', 'Principal O/S', 'Principal OS', 'Principal Outstanding Amount', 'Outstanding Principal', 'Sisa Pokok', 'Pokok Terhutang',
  ]],
  ['total_claim_amount', 'Total Claim Amount', 'amount', 'dues', ['TOS', 'Total Outstanding', 'Total O/S', 'Total Due', 'Total Dues', 'Claim Amount', 'Total Tagihan']],
  ['expected_emi', 'Expected EMI', 'amount', 'dues', ['EMI', 'EMI Amount', 'Installment Amount', 'Instalment Amount', 'Angsuran', 'Cicilan']],
  ['late_fee', 'Late Fee', 'amount', 'dues', ['Late Payment Charges', 'LPC', 'Penal Charges', 'Penalty', 'Bounce Charges', 'Denda']],
  ['settlement_amount', 'Settlement Amount', 'amount', 'dues', ['Settlement Amt', 'OTS Amount', 'Waiver Amount']],
  ['date_of_default', 'Date of Default', 'date', 'dues', ['Default Date', 'NPA Date', 'DOD', 'Tanggal Default']],
  // Per-module statuses (spec 3).
  ['calling_status', 'Calling Status', 'string', 'status', []],
  ['telecalling_status', 'Telecalling Status', 'string', 'status', []],
  ['global_status', 'Global Status', 'string', 'status', ['Status', 'Account Status']],
  ['recovery_status', 'Recovery Status', 'string', 'status', []],
  ['legal_status', 'Legal Status', 'string', 'status', []],
  ['fos_status', 'FOS Status', 'string', 'status', ['Field Status']],
  ['settlement_status', 'Settlement Status', 'string', 'status', []],
  ['digital_communication_status', 'Digital Communication Status', 'string', 'status', []],
  ['chatr_status', 'Chatr Status', 'string', 'status', []],
  ['voicebot_status', 'Voicebot Status', 'string', 'status', []],
];

/**
 * The system variables, in mapping-screen order. Mandatory: loan_id and applicant_name.
 * Amount variables hold rupees (INR) or rupiah (IDR) as numbers with at most 2 decimals; dpd is
 * a whole number of days; date_of_default is 'YYYY-MM-DD'; contact numbers are national numbers
 * (10 digits for +91, without the trunk 0 for +62).
 */
export const SYSTEM_VARIABLES: readonly ImportVariable[] = DEFS.map(([variable_name, variable_label, data_type, variable_group, aliases, mandatory]) => ({
  variable_name,
  variable_label,
  data_type,
  is_mandatory: mandatory === true,
  aliases,
  variable_group,
  is_system: true,
}));

/** The system variable called `name`, or undefined. */
export function findSystemVariable(name: string): ImportVariable | undefined {
  return SYSTEM_VARIABLES.find((v) => v.variable_name === name);
}

/**
 * The company's importable variables: the system variables followed by the company-defined ones.
 * A company variable with the name of a system variable overrides its label, data_type and
 * is_mandatory (system mandatory flags stay on) but keeps the system aliases.
 */
export function mergeVariables(companyVariables: readonly ImportVariable[]): ImportVariable[] {
  const byName = new Map<string, ImportVariable>(SYSTEM_VARIABLES.map((v) => [v.variable_name, v]));
  for (const cv of companyVariables) {
    const sys = byName.get(cv.variable_name);
    byName.set(
      cv.variable_name,
      sys
        ? { ...sys, ...cv, aliases: [...(sys.aliases ?? []), ...(cv.aliases ?? [])], is_mandatory: sys.is_mandatory || cv.is_mandatory, is_system: true }
        : { ...cv, is_system: false },
    );
  }
  return [...byName.values()];
}

/**
 * Every text a header may match for the variables: names, labels and aliases, as written (for
 * detectHeaderRow's `knownLabels`).
 */
export function knownHeaderLabels(variables: readonly ImportVariable[]): string[] {
  return variables.flatMap((v) => (v.active === false ? [] : [v.variable_name, v.variable_label, ...(v.aliases ?? [])]));
}
