import { stringify } from 'csv-stringify/sync';
import {
  type AdminSale,
  paymentIssueLabels,
  payoutCsvColumns,
  payoutStatusLabels,
} from '#shared/admin/payouts.schema.ts';
import { finnishDate, helsinkiDate } from '#shared/dates.ts';
import { capitalizeName } from '#shared/person-name.ts';

// 'Vie CSV' (spec 02 §2, §3 "CSV export columns"): the sales list as a spreadsheet opens it in
// Finland. UTF-8 with a BOM and ';' between fields (Excel's Finnish settings), CRLF line ends,
// amounts with a decimal comma, dates as Finns write them. A text that begins like a formula
// ('=', '+', '-', '@', …) is written with a leading quote, so a name a seller typed cannot run
// in the bookkeeper's spreadsheet.

/** 9700 → '97,00': no thousands separator and no euro sign, so the spreadsheet reads a number. */
function csvAmount(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

const csvDate = (iso: string | null) => (iso ? finnishDate(new Date(iso)) : '');

type CsvRow = Record<(typeof payoutCsvColumns)[number], string>;

function csvRow(sale: AdminSale): CsvRow {
  return {
    saleDate: csvDate(sale.purchaseDate),
    buyerId: sale.buyer.id,
    buyerEmail: sale.buyer.email,
    sellerId: sale.seller.id,
    sellerEmail: sale.seller.email,
    // Stored in lower case (spec 01 §3), written as the person writes it.
    sellerFirstName: capitalizeName(sale.seller.firstName ?? ''),
    sellerLastName: capitalizeName(sale.seller.lastName ?? ''),
    sellerIban: sale.seller.iban ?? '',
    ticketId: sale.ticketId,
    sellerReceivable: csvAmount(sale.sellerReceivableCents),
    // Both sides' fees, as the admin's table shows them (spec 02 §9).
    serviceFee: csvAmount(sale.totalServiceFeeCents),
    eventDate: csvDate(sale.eventDate),
    eventName: sale.eventName,
    paymentStatus: payoutStatusLabels[sale.payout.status],
    paymentDate: csvDate(sale.payout.paymentDate),
    paymentReference: sale.payout.paymentReference ?? '',
    reclamationDeadline: csvDate(sale.payout.reclamationDeadline),
    hasReclamation: sale.payout.hasReclamation ? 'kyllä' : 'ei',
    paymentIssue: sale.payout.paymentIssue ? paymentIssueLabels[sale.payout.paymentIssue] : '',
  };
}

/** The CSV file of `sales`, in their order, with the spec's column names (and ours) as its header. */
export function payoutCsv(sales: readonly AdminSale[]): string {
  return stringify(sales.map(csvRow), {
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    escape_formulas: true,
    header: true,
    columns: [...payoutCsvColumns],
  });
}

/** 'maksuseuranta-2026-11-25.csv': the Helsinki date of the export. */
export function payoutCsvFileName(now = new Date()): string {
  return `maksuseuranta-${helsinkiDate(now)}.csv`;
}
