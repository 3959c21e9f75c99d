/**
 * National holidays a company's calendar starts with (issue 13: "a holiday calendar per country,
 * editable"). India: the central government's gazetted (compulsory) holidays for 2026 (DoPT);
 * Indonesia: the 2026 national holidays (libur nasional) of the joint ministerial decree (SKB 3
 * Menteri), without the cuti bersama. Dates of lunar festivals are the announced ones; a company
 * edits its own calendar when a date moves.
 */

export interface HolidaySeed {
  /** 'YYYY-MM-DD', the local calendar day. */
  date: string;
  name: string;
}

export const DEFAULT_HOLIDAYS: Record<'INDIA' | 'INDONESIA', readonly HolidaySeed[]> = {
  INDIA: [
    { date: '2026-01-26', name: 'Republic Day' },
    { date: '2026-03-04', name: 'Holi' },
    { date: '2026-03-21', name: 'Id-ul-Fitr' },
    { date: '2026-03-26', name: 'Ram Navami' },
    { date: '2026-03-31', name: 'Mahavir Jayanti' },
    { date: '2026-04-03', name: 'Good Friday' },
    { date: '2026-05-01', name: 'Buddha Purnima' },
    { date: '2026-05-27', name: 'Id-ul-Zuha (Bakrid)' },
    { date: '2026-06-26', name: 'Muharram' },
    { date: '2026-08-15', name: 'Independence Day' },
    { date: '2026-08-26', name: 'Milad-un-Nabi' },
    { date: '2026-09-04', name: 'Janmashtami' },
    { date: '2026-10-02', name: "Mahatma Gandhi's Birthday" },
    { date: '2026-10-20', name: 'Dussehra' },
    { date: '2026-11-08', name: 'Diwali (Deepavali)' },
    { date: '2026-11-24', name: "Guru Nanak's Birthday" },
    { date: '2026-12-25', name: 'Christmas Day' },
  ],
  INDONESIA: [
    { date: '2026-01-01', name: 'Tahun Baru 2026 Masehi' },
    { date: '2026-01-16', name: "Isra Mi'raj Nabi Muhammad SAW" },
    { date: '2026-02-17', name: 'Tahun Baru Imlek 2577 Kongzili' },
    { date: '2026-03-19', name: 'Hari Suci Nyepi (Tahun Baru Saka 1948)' },
    { date: '2026-03-21', name: 'Idul Fitri 1447 H' },
    { date: '2026-03-22', name: 'Idul Fitri 1447 H' },
    { date: '2026-04-03', name: 'Wafat Yesus Kristus' },
    { date: '2026-04-05', name: 'Kebangkitan Yesus Kristus (Paskah)' },
    { date: '2026-05-01', name: 'Hari Buruh Internasional' },
    { date: '2026-05-14', name: 'Kenaikan Yesus Kristus' },
    { date: '2026-05-27', name: 'Idul Adha 1447 H' },
    { date: '2026-05-31', name: 'Hari Raya Waisak 2570 BE' },
    { date: '2026-06-01', name: 'Hari Lahir Pancasila' },
    { date: '2026-06-16', name: 'Tahun Baru Islam 1448 H' },
    { date: '2026-08-17', name: 'Hari Proklamasi Kemerdekaan RI' },
    { date: '2026-08-25', name: 'Maulid Nabi Muhammad SAW' },
    { date: '2026-12-25', name: 'Hari Raya Natal' },
  ],
};
