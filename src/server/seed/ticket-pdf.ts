import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';

export interface TicketPdfContent {
  eventName: string;
  dateText: string;
  venue: string;
  city: string;
  ticketType: string;
  seatText: string;
  ticketNumber: number;
  totalTickets: number;
  /** Unique code printed as the QR code and in text. */
  code: string;
}

/** A one-page A4 e-ticket like an organiser would send: event, seat and a unique QR code. */
export async function renderTicketPdf(ticket: TicketPdfContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${ticket.eventName} – e-lippu ${ticket.ticketNumber}/${ticket.totalTickets}`);
  pdf.setCreator('Lipputori demo data');
  // Fixed dates keep the seeded files byte-for-byte the same on every run.
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const page = pdf.addPage([595.28, 841.89]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const dark = rgb(0.15, 0.12, 0.1);

  page.drawRectangle({ x: 40, y: 560, width: 515.28, height: 240, color: rgb(0.81, 0.59, 0.36) });
  page.drawText('E-LIPPU', { x: 60, y: 765, size: 14, font: bold, color: dark });
  page.drawText(ticket.eventName, { x: 60, y: 725, size: 24, font: bold, color: dark, maxWidth: 470 });
  page.drawText(ticket.dateText, { x: 60, y: 680, size: 16, font: regular, color: dark });
  page.drawText(`${ticket.venue}, ${ticket.city}`, { x: 60, y: 655, size: 16, font: regular, color: dark });
  page.drawText(`${ticket.ticketType} · Lippu ${ticket.ticketNumber}/${ticket.totalTickets}`, {
    x: 60,
    y: 615,
    size: 14,
    font: bold,
    color: dark,
  });
  page.drawText(ticket.seatText, { x: 60, y: 590, size: 14, font: regular, color: dark });

  const qrPng = await QRCode.toBuffer(ticket.code, {
    type: 'png',
    margin: 1,
    width: 360,
    errorCorrectionLevel: 'M',
  });
  const qr = await pdf.embedPng(qrPng);
  page.drawImage(qr, { x: 177.64, y: 250, width: 240, height: 240 });
  page.drawText(ticket.code, { x: 177.64, y: 225, size: 12, font: regular, color: dark });
  page.drawText('Näytä tämä koodi sisäänkäynnillä. Lippu on voimassa yhden kerran.', {
    x: 60,
    y: 150,
    size: 11,
    font: regular,
    color: dark,
  });
  return pdf.save({ useObjectStreams: true });
}
