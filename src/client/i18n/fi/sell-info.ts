// Selling, around the wizard: the /myy-lippu-info gate for visitors, the terms dialog and the
// one-time seller tutorial (spec 02 §2, §4, §9). The terms' own text is termsText in info.ts.
// Amounts keep their unit on the same line (a no-break space before % and €).

import { complaintWindowHours } from '#shared/complaint-window.ts';

/** The gate a visitor meets on the way to /myy-lippu (spec 01 §2). */
export const sellInfoText = {
  documentTitle: 'Myy lippusi – Lipputori',
  title: 'Myy lippusi Lipputorissa',
  lead: 'Etkö pääsekään tapahtumaan? Laita lippusi myyntiin muutamassa minuutissa, niin se löytää uuden omistajan reiluun hintaan.',
  howHeading: 'Näin myyminen toimii',
  how: [
    {
      title: 'Hinta enintään alkuperäinen',
      text: 'Voit pyytää lipusta enintään sen alkuperäisen hinnan. Siihen saa lisätä lipun alkuperäiset käsittelykulut, jos maksoit ne lippua ostaessasi.',
    },
    {
      title: 'Palvelumaksu 3\u00a0% + 3\u00a0%',
      text: 'Ilmoittaminen on maksutonta. Kun lippu myydään, hinnastasi vähennetään 3\u00a0%:n palvelumaksu, ja ostaja maksaa hintasi päälle oman 3\u00a0%:n palvelumaksunsa. Esimerkiksi 100\u00a0€:n lipusta saat 97\u00a0€, ja ostaja maksaa 103\u00a0€.',
    },
    {
      title: 'Jokainen ilmoitus tarkistetaan',
      text: 'Ylläpitotiimimme tarkistaa ilmoituksesi ennen kuin se tulee myyntiin. Hyväksynnän jälkeen lippusi näkyy ostajille.',
    },
    {
      title: 'Rahat tapahtuman jälkeen',
      text: 'Rahat maksetaan suomalaiselle pankkitilillesi 2–3 arkipäivän kuluessa tapahtumasta, kun ostaja ei ole tehnyt kaupasta reklamaatiota.',
    },
  ],
  termsHeading: 'Myyjän ehdot lyhyesti',
  terms: [
    'Olet vähintään 18-vuotias.',
    'Myyt vain PDF-muotoisia sähköisiä lippuja, jotka ovat aitoja, voimassa ja käyttämättömiä.',
    'Myyt lippua vain Lipputorissa. Jos sama lippu myydään useammassa paikassa, perimme peruutusmaksun, joka on 20\u00a0% myyntihinnasta, kuitenkin vähintään 30\u00a0€.',
    `Rahat tilitetään aikaisintaan ${complaintWindowHours} tunnin kuluttua tapahtuman alkamisesta ja viimeistään 3 arkipäivän kuluessa tapahtumasta, jos kaupasta ei ole tehty reklamaatiota.`,
    'Myytyä lippua et voi enää muokata etkä perua kauppaa.',
  ],
  fullTerms: [
    'Lue myös koko ',
    { text: 'käyttöehdot', to: '/kayttoehdot' },
    ', jotka hyväksyt lippua myyntiin asettaessasi.',
  ],
  startHeading: 'Aloita myyminen',
  visitorText: 'Myymiseen tarvitset käyttäjätilin. Tilin luominen on maksutonta.',
  register: 'Rekisteröidy',
  login: 'Kirjaudu sisään',
  signedInText: 'Olet kirjautunut sisään, joten voit aloittaa heti.',
  goSell: 'Siirry myymään',
} as const;

/** The terms dialog of the wizard's last step (spec 02 §2 "Terms dialog"). */
export const termsDialogText = {
  close: 'Sulje',
  newTab: 'avautuu uuteen välilehteen',
} as const;

const finishTutorial = 'Aloita myynti';

/** The one-time seller tutorial (spec 02 §2 "Seller tutorial dialog", §4). */
export const sellerTutorialText = {
  title: 'Myyjän pikaopas',
  progress: (step: number, total: number) => `Vaihe ${step}/${total}`,
  back: 'Takaisin',
  next: 'Seuraava',
  finish: finishTutorial,
  close: 'Sulje ohje',
  steps: [
    {
      title: 'Tervetuloa myyjäksi!',
      text: 'Käydään ensin läpi, miten myyminen Lipputorissa toimii. Tähän menee noin 20 sekuntia, ja ohje näytetään vain kerran.',
    },
    {
      title: 'Myy lippua vain yhdessä paikassa',
      text: 'Kun lippusi on myynnissä Lipputorissa, älä tarjoa sitä muualla. Jos sama lippu myydään useammassa paikassa, perimme peruutusmaksun, joka on 20\u00a0% myyntihinnasta, kuitenkin vähintään 30\u00a0€.',
    },
    {
      title: 'Hinta ja palvelumaksu',
      text: 'Voit pyytää lipusta enintään sen alkuperäisen hinnan kuluineen. Hinnastasi vähennetään 3\u00a0%:n palvelumaksu, ja ostaja maksaa hintasi päälle oman 3\u00a0%:n palvelumaksunsa. Muita kuluja ei ole.',
    },
    {
      title: 'Milloin saat rahat',
      text: 'Rahat maksetaan suomalaiselle pankkitilillesi 2–3 arkipäivän kuluessa tapahtumasta, kun ostajan reklamaatioaika on päättynyt eikä kaupasta ole tehty reklamaatiota.',
    },
    {
      title: 'Tehokas myynti',
      text: 'Ylläpitotiimimme tarkistaa ilmoituksesi ennen kuin se tulee myyntiin. Voimme myös jakaa ja mainostaa lippuasi omissa kanavissamme, jotta se löytää ostajan nopeammin. Voit jakaa ilmoituksesi linkkiä itsekin.',
    },
    {
      title: 'Valmis myymään!',
      text: `Siinä kaikki! Kun valitset ”${finishTutorial}”, hyväksyt käyttöehdot ja voit jatkaa ilmoituksesi tekemistä. Onnistunutta myyntiä!`,
    },
  ],
} as const;
