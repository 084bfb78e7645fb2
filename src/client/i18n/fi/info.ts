// Finnish text of the info pages: how it works, FAQ, about us, contact, terms, privacy notice and
// accessibility statement.
// The FAQ items and the terms sections are reused elsewhere (home page FAQ, terms dialog of the sell wizard),
// so they are plain data: text, lists and links to our own routes.

import { company } from '#shared/company.ts';
import { complaintWindowHours } from '#shared/complaint-window.ts';

/** A link inside a text; `to` is a route of ours. */
export interface TextLink {
  readonly text: string;
  readonly to: string;
}

/** Plain text, or text with links in it. */
export type RichText = string | readonly (string | TextLink)[];

export interface FaqItem {
  readonly question: string;
  readonly answer: RichText;
}

export interface DetailRow {
  readonly label: string;
  readonly value: string;
  readonly href?: string;
}

/** A paragraph, a bulleted list, or a label/value list (company and contact details). */
export type DocumentBlock =
  | string
  | { readonly list: readonly string[] }
  | { readonly details: readonly DetailRow[] };

export interface DocumentSection {
  readonly title: string;
  readonly blocks: readonly DocumentBlock[];
}

/** Contact details that come from the site configuration, not from this file. */
export interface ContactDetails {
  readonly businessId: string;
  readonly email: string;
  readonly phone: string;
}

const companyAddress = `${company.streetAddress}, ${company.postalAddress}`;

// ---------------------------------------------------------------------------------------------------------
// How it works

export const howItWorksText = {
  documentTitle: 'Miten se toimii – Lipputori',
  title: 'Miten Lipputori toimii?',
  lead: 'Lipputorissa yksityishenkilöt myyvät ja ostavat tapahtumalippuja toisiltaan turvallisesti. Myyjä saa pyytää lipusta enintään sen alkuperäisen hinnan, eikä piilokuluja ole.',
  tabsLabel: 'Valitse, haluatko myydä vai ostaa',
  sellingTab: 'Myyminen',
  buyingTab: 'Ostaminen',
  selling: {
    heading: 'Näin myyt lipun',
    steps: [
      {
        title: 'Lisää lippusi myyntiin',
        text: 'Kirjaudu sisään tai luo tili ja valitse ”Myy lippu”. Täytä tapahtuman tiedot, lataa lippu PDF-tiedostona ja aseta hinta – enintään lipun alkuperäinen hinta.',
      },
      {
        title: 'Tarkistamme ilmoituksen',
        text: 'Ylläpitotiimimme tarkistaa jokaisen ilmoituksen ennen kuin se tulee myyntiin. Hyväksynnän jälkeen lippusi näkyy ostajille etusivulla, ja voit jakaa ilmoituksesi linkkinä.',
      },
      {
        title: 'Saat rahat tilillesi',
        text: 'Kun lippu on myyty, rahat maksetaan suomalaiselle pankkitilillesi 2–3 arkipäivän kuluessa tapahtumasta, kun ostajan reklamaatioaika on päättynyt. Myyntihinnasta vähennetään vain 3 %:n palvelumaksu.',
      },
    ],
  },
  buying: {
    heading: 'Näin ostat lipun',
    steps: [
      {
        title: 'Löydä lippu',
        text: 'Selaa myynnissä olevia lippuja etusivulla. Voit hakea tapahtuman nimellä, paikkakunnalla tai tapahtumatyypillä ja lajitella liput päivämäärän tai hinnan mukaan.',
      },
      {
        title: 'Maksa turvallisesti',
        text: 'Kirjaudu sisään ja maksa kortilla, MobilePaylla, Apple Paylla tai Google Paylla. Näet kokonaishinnan ennen maksamista: se sisältää 3 %:n palvelumaksun, eikä muita kuluja ole.',
      },
      {
        title: 'Lataa lippu profiilistasi',
        text: `Maksun jälkeen lippu on heti ladattavissa PDF-tiedostona profiilistasi. Jos lipussa on ongelma, tee reklamaatio lipun kohdalta ${complaintWindowHours} tunnin kuluessa tapahtuman alkamisesta.`,
      },
    ],
  },
  newsletter: {
    title: 'Älä missaa parhaita lipputarjouksia',
    text: 'Kerromme uutiskirjeessämme viikoittain tulevista tapahtumista ja parhaista lipputarjouksista.',
    button: 'Tilaa uutiskirje',
  },
  sellCard: {
    title: 'Voit myydä lippusi Lipputorissa',
    text: 'Etkö pääsekään tapahtumaan? Laita lippusi myyntiin muutamassa minuutissa. Ilmoittaminen on maksutonta – maksat vain 3 %:n palvelumaksun, kun lippu myydään.',
    button: 'Myy lippu',
  },
} as const;

// ---------------------------------------------------------------------------------------------------------
// FAQ

const faqWhatIsLipputori: FaqItem = {
  question: 'Mikä Lipputori on?',
  answer: [
    'Lipputori on suomalainen markkinapaikka, jossa yksityishenkilöt voivat myydä ja ostaa tapahtumalippuja toisiltaan turvallisesti. Myyjä saa pyytää lipusta enintään sen alkuperäisen hinnan, ja jokainen ilmoitus tarkistetaan ennen myyntiin tuloa. Lue lisää ',
    { text: 'meistä ja tarinastamme', to: '/tietoa-meista' },
    '.',
  ],
};

const faqHowToBuy: FaqItem = {
  question: 'Miten ostan lipun?',
  answer: [
    'Selaa myynnissä olevia lippuja ',
    { text: 'etusivulla', to: '/' },
    ' ja avaa sinua kiinnostava lippu. Kirjaudu sisään, vahvista tiedot ja maksa. Maksun jälkeen voit ladata lipun PDF-tiedostona profiilistasi.',
  ],
};

const faqBuyerFees: FaqItem = {
  question: 'Mitä ostaminen maksaa?',
  answer:
    'Ostaja maksaa lipun hinnan lisäksi 3 %:n palvelumaksun, joka sisältyy lipun kohdalla näkyvään hintaan. Piilokuluja ei ole: näet kokonaishinnan ja lipun alkuperäisen hinnan jo lippulistassa. Myyjän pyytämä hinta on aina enintään lipun alkuperäinen hinta kuluineen; palvelumaksu tulee sen päälle.',
};

const faqIsItSafe: FaqItem = {
  question: 'Onko lippujen ostaminen turvallista?',
  answer: `Kyllä. Ylläpitotiimimme tarkistaa jokaisen ilmoituksen ennen kuin se tulee myyntiin. Maksu tilitetään myyjälle vasta tapahtuman jälkeen, kun ostajan reklamaatioaika on päättynyt. Jos lippu ei toimi, voit tehdä reklamaation ${complaintWindowHours} tunnin kuluessa tapahtuman alkamisesta, ja aiheellisesta reklamaatiosta saat hyvityksen.`,
};

const faqWhenPaid: FaqItem = {
  question: 'Milloin myyjä saa rahat?',
  answer:
    'Myyntihinta, josta on vähennetty 3 %:n palvelumaksu, maksetaan myyjän suomalaiselle pankkitilille 2–3 arkipäivän kuluessa tapahtumasta. Odotamme ensin ostajan reklamaatioajan päättymistä, jotta molemmat osapuolet voivat luottaa kauppaan.',
};

export const faqText = {
  documentTitle: 'Usein kysytyt kysymykset – Lipputori',
  title: 'Usein kysytyt kysymykset',
  lead: 'Kokosimme tähän vastaukset yleisimpiin kysymyksiin lippujen ostamisesta ja myymisestä Lipputorissa.',
  tabsLabel: 'Kysymysten aihe',
  tabs: {
    buying: 'Ostaminen',
    selling: 'Myyminen',
    general: 'Yleistä',
  },
  panelHeadings: {
    buying: 'Kysymyksiä ostamisesta',
    selling: 'Kysymyksiä myymisestä',
    general: 'Yleisiä kysymyksiä',
  },
  contact: {
    title: 'Etkö löytänyt vastausta?',
    text: 'Asiakaspalvelumme auttaa mielellään. Vastaamme viesteihin arkisin klo 9–12.',
    button: 'Ota yhteyttä',
  },
} as const;

export const faqBuying: readonly FaqItem[] = [
  faqHowToBuy,
  faqBuyerFees,
  {
    question: 'Millä maksutavoilla voin maksaa?',
    answer:
      'Voit maksaa pankki- tai luottokortilla, MobilePaylla, Apple Paylla tai Google Paylla. Maksut käsittelee luotettava maksunvälittäjä, eikä Lipputori tallenna korttitietojasi.',
  },
  {
    question: 'Mistä saan lipun, kun olen maksanut sen?',
    answer: [
      'Lippu on ladattavissa PDF-tiedostona heti maksun jälkeen ',
      { text: 'profiilistasi', to: '/profiili' },
      '. Tarkista lipun tiedot heti, kun olet ladannut sen.',
    ],
  },
  {
    question: 'Tarvitsenko käyttäjätilin ostaakseni lipun?',
    answer:
      'Lippuja voi selata ilman tiliä, mutta ostaminen edellyttää kirjautumista. Lipputorin käyttäjän on oltava vähintään 18-vuotias.',
  },
  faqIsItSafe,
  {
    question: 'Mitä teen, jos lippu ei toimi?',
    answer: [
      `Tee reklamaatio ${complaintWindowHours} tunnin kuluessa tapahtuman alkamisesta: avaa ostetut liput `,
      { text: 'profiilistasi', to: '/profiili' },
      ' ja valitse lipun kohdalta Tee reklamaatio. Kerro, mikä lipussa oli vialla, ja liitä mukaan kuvia tai PDF-tiedostoja, esimerkiksi järjestäjän ilmoitus. Myyjän tilitys pidätetään, kunnes olemme käsitelleet reklamaation. Aiheellisesta reklamaatiosta palautamme aina koko maksamasi summan palvelumaksuineen. Enimmäismäärä 300 € lippua ja 600 € asiakasta kohden koskee vain hyvitystä, jonka maksamme palautuksen lisäksi.',
    ],
  },
  {
    question: 'Mitä tapahtuu, jos tapahtuma peruuntuu?',
    answer: [
      'Palautamme koko maksamasi summan palvelumaksuineen maksutavalle, jolla maksoit, ja ilmoitamme siitä sähköpostitse. Jos et ole saanut ilmoitusta, ota yhteyttä ',
      { text: 'asiakaspalveluumme', to: '/ota-yhteytta' },
      ' 14 päivän kuluessa siitä, kun tapahtuman peruuntumisesta on ilmoitettu.',
    ],
  },
  {
    question: 'Miksi lippu on varattu, vaikka se näkyy myynnissä?',
    answer:
      'Kun joku siirtyy maksamaan lippua, varaamme sen hänelle lyhyeksi ajaksi, jotta samaa lippua ei myydä kahdesti. Jos maksu ei toteudu, varaus raukeaa ja lippu palaa myyntiin. Kokeile hetken kuluttua uudelleen.',
  },
];

export const faqSelling: readonly FaqItem[] = [
  {
    question: 'Miten myyn lipun?',
    answer: [
      'Valitse ',
      { text: 'Myy lippu', to: '/myy-lippu' },
      ', kirjaudu sisään ja täytä tapahtuman ja lipun tiedot. Lataa lippu PDF-tiedostona ja aseta hinta. Ylläpitotiimimme tarkistaa ilmoituksen, minkä jälkeen se tulee myyntiin.',
    ],
  },
  {
    question: 'Millaisia lippuja voin myydä?',
    answer:
      'Voit myydä sähköisiä lippuja, jotka ovat PDF-tiedostoja. Yhdessä ilmoituksessa voi olla 1–6 lippua samaan tapahtumaan, ja ne myydään yhtenä kokonaisuutena. Lipun on oltava aito, voimassa ja käyttämätön.',
  },
  {
    question: 'Kuinka paljon voin pyytää lipusta?',
    answer:
      'Lipun saa myydä enintään alkuperäiseen hintaan. Hintaan saa sisällyttää alkuperäiset käsittelykulut, jos maksoit ne lippua ostaessasi. Näin kaikki pääsevät tapahtumiin reiluun hintaan.',
  },
  {
    question: 'Mitä myyminen maksaa?',
    answer:
      'Ilmoittaminen on maksutonta. Kun lippu myydään, myyntihinnasta vähennetään 3 %:n palvelumaksu. Esimerkiksi 100 €:n lipusta saat 97 €. Muita kuluja ei ole.',
  },
  faqWhenPaid,
  {
    question: 'Mitä tapahtuu, jos ostaja tekee reklamaation?',
    answer: [
      'Saat reklamaatiosta sähköpostin, ja tilityksesi pidätetään, kunnes olemme käsitelleet sen. Voit vastata reklamaatioon kerran myytyjen lippujesi kohdalta ',
      { text: 'profiilissasi', to: '/profiili?tab=1' },
      ' ja liittää mukaan omia tiedostojasi. Jos reklamaatio hylätään, tilitys maksetaan tavalliseen tapaan. Jos se hyväksytään, ostaja saa rahansa takaisin, eikä kaupasta makseta tilitystä.',
    ],
  },
  {
    question: 'Kuinka nopeasti lippuni tulee myyntiin?',
    answer:
      'Ylläpitotiimimme tarkistaa jokaisen ilmoituksen ennen kuin se tulee myyntiin, yleensä saman päivän aikana. Tarkistuksen ajan ilmoituksesi näkyy profiilissasi tarkistusta odottavana.',
  },
  {
    question: 'Voinko myydä saman lipun myös muualla?',
    answer:
      'Et. Kun lippu on myynnissä Lipputorissa, sitä ei saa myydä samaan aikaan muissa palveluissa. Jos sama lippu myydään useammassa paikassa, myyjältä peritään peruutusmaksu, joka on 20 % myyntihinnasta, kuitenkin vähintään 30 €.',
  },
  {
    question: 'Näkyykö nimeni ostajille?',
    answer:
      'Ostajille näkyy vain käyttäjänimesi, kun myyt lippuja. Etu- ja sukunimesi, sähköpostiosoitteesi ja tilinumerosi eivät näy muille käyttäjille.',
  },
  {
    question: 'Voinko muokata ilmoitusta tai poistaa lipun myynnistä?',
    answer: [
      'Voit muokata myynnissä olevaa ilmoitusta tai poistaa lipun myynnistä ',
      { text: 'profiilistasi', to: '/profiili' },
      ' niin kauan kuin lippua ei ole myyty. Tarkistusta odottavan ilmoituksen voit poistaa kokonaan.',
    ],
  },
];

export const faqGeneral: readonly FaqItem[] = [
  faqWhatIsLipputori,
  {
    question: 'Kuka voi käyttää Lipputoria?',
    answer:
      'Kaikki voivat selata myynnissä olevia lippuja. Lippujen ostaminen ja myyminen edellyttävät käyttäjätiliä, ja käyttäjän on oltava vähintään 18-vuotias.',
  },
  {
    question: 'Miten saan yhteyden asiakaspalveluun?',
    answer: [
      'Lähetä meille viesti ',
      { text: 'yhteydenottosivulla', to: '/ota-yhteytta' },
      ', josta löydät myös sähköpostiosoitteemme ja puhelinnumeromme. Asiakaspalvelumme vastaa arkisin klo 9–12.',
    ],
  },
  {
    question: 'Miksi lippuja ei saa myydä alkuperäistä hintaa kalliimmalla?',
    answer:
      'Haluamme, että lipun jälleenmyynti on reilua sekä myyjälle että ostajalle. Kun myyjä ei voi pyytää lipusta alkuperäistä hintaa enempää, lippuja ei kannata hamstrata. Ostaja maksaa myyjän hinnan lisäksi vain 3 %:n palvelumaksun.',
  },
  {
    question: 'Miten käsittelette henkilötietojani?',
    answer: [
      'Käsittelemme henkilötietojasi huolellisesti ja vain palvelun tuottamiseen tarvittavassa laajuudessa. Säilytämme tietoja tilisi voimassaolon ajan ja 24 kuukautta sen jälkeen. Lue lisää ',
      { text: 'tietosuojaselosteesta', to: '/tietosuojaseloste' },
      '.',
    ],
  },
  {
    question: 'Voinko poistaa käyttäjätilini?',
    answer: [
      'Voit poistaa tilisi ',
      { text: 'profiilisi', to: '/profiili' },
      ' käyttäjätiedoista. Poiston yhteydessä myös tarkistusta odottavat ja myynnissä olevat ilmoituksesi poistetaan.',
    ],
  },
  {
    question: 'Miten kuulen tulevista tapahtumista ja lipputarjouksista?',
    answer:
      'Tilaa uutiskirjeemme, niin kerromme sinulle viikoittain tulevista tapahtumista ja parhaista lipputarjouksista. Voit perua tilauksen milloin tahansa.',
  },
];

/** The shorter FAQ of the home page. */
export const homeFaq: readonly FaqItem[] = [
  faqWhatIsLipputori,
  faqHowToBuy,
  faqBuyerFees,
  faqIsItSafe,
  faqWhenPaid,
];

// ---------------------------------------------------------------------------------------------------------
// About us

export const aboutText = {
  documentTitle: 'Tietoa meistä – Lipputori',
  title: 'Tietoa meistä',
  lead: 'Lipputori on suomalainen palvelu, jossa tapahtumaliput vaihtavat omistajaa reilusti, turvallisesti ja ilman trokausta.',
  story: {
    title: 'Tarinamme',
    paragraphs: [
      'Lipputori sai alkunsa tutusta tilanteesta: festivaalilippu oli ostettu jo talvella, mutta kesällä tuli este. Lipun myyminen somen kirpputoriryhmässä tuntui epävarmalta, ja samaan aikaan samaan tapahtumaan kaupattiin lippuja moninkertaisella hinnalla.',
      'Halusimme tehdä lippujen jälleenmyynnistä yhtä helppoa ja turvallista kuin lipun ostaminen järjestäjältä. Siksi Lipputorissa jokainen ilmoitus tarkistetaan, maksu välitetään turvallisesti ja myyjälle tilitetään vasta tapahtuman jälkeen.',
      'Uskomme, että tyhjä paikka katsomossa on aina menetys – sekä lipun ostaneelle että sille, joka olisi halunnut paikalle. Lipputorin avulla lippu löytää uuden omistajan reiluun hintaan.',
    ],
  },
  founders: {
    title: 'Perustajat',
    people: [
      {
        name: 'Aino Virtanen',
        initials: 'AV',
        role: 'Toimitusjohtaja',
        bio: 'Intohimoinen festivaalikävijä, joka sai idean Lipputoriin jäätyään itse kahden käyttämättömän lipun kanssa. Vastaa liiketoiminnasta ja yhteistyökumppaneista.',
      },
      {
        name: 'Mikko Laine',
        initials: 'ML',
        role: 'Teknologiajohtaja',
        bio: 'Ohjelmistokehittäjä, joka on rakentanut maksujärjestelmiä yli kymmenen vuotta. Vastaa palvelun tekniikasta, maksujen turvallisuudesta ja tietoturvasta.',
      },
      {
        name: 'Sara Nieminen',
        initials: 'SN',
        role: 'Asiakkuusjohtaja',
        bio: 'Tapahtumatuotannon ammattilainen, joka tuntee lippukaupan molemmat puolet. Vastaa asiakaspalvelusta ja ilmoitusten tarkistuksesta.',
      },
    ],
  },
  pricing: {
    title: 'Hinnoittelulupauksemme',
    promises: [
      {
        title: '3 % + 3 %',
        text: 'Myyjä ja ostaja maksavat kumpikin 3 %:n palvelumaksun. Sillä katamme maksunvälityksen, ilmoitusten tarkistuksen ja asiakaspalvelun.',
      },
      {
        title: 'Ei piilokuluja',
        text: 'Ostaja näkee kokonaishinnan ennen maksamista. Tilin luominen, lippujen selaaminen ja ilmoittaminen ovat maksuttomia.',
      },
      {
        title: 'Myyjän hinta enintään alkuperäinen',
        text: 'Myyjä saa pyytää lipusta enintään sen alkuperäisen hinnan, johon saa sisällyttää alkuperäiset käsittelykulut. Ostaja maksaa lisäksi 3 %:n palvelumaksun – ei muita kuluja.',
      },
    ],
  },
  legal: {
    button: 'Yritystiedot',
    title: 'Yritystiedot',
    companyName: 'Yrityksen nimi',
    businessId: 'Y-tunnus',
    address: 'Osoite',
    email: 'Sähköposti',
    domicile: 'Kotipaikka',
    close: 'Sulje',
  },
  contact: {
    title: 'Ota yhteyttä',
    text: 'Kysyttävää, palautetta tai yhteistyöehdotus? Lähetä meille viesti, niin vastaamme arkisin klo 9–12.',
  },
} as const;

// ---------------------------------------------------------------------------------------------------------
// Contact

export const contactPageText = {
  documentTitle: 'Ota yhteyttä – Lipputori',
  title: 'Ota yhteyttä',
  lead: 'Autamme mielellämme kaikissa lippujen ostamiseen ja myymiseen liittyvissä kysymyksissä.',
  detailsTitle: 'Yhteystiedot',
  email: 'Sähköposti',
  phone: 'Puhelin',
  hoursTitle: 'Asiakaspalvelu',
  hours: 'Vastaamme arkisin klo 9–12.',
  faqHint: [
    'Monet kysymykset on jo ratkaistu: katso myös ',
    { text: 'usein kysytyt kysymykset', to: '/ukk' },
    '.',
  ],
  formTitle: 'Lähetä meille viesti',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Terms

const termsSections: readonly DocumentSection[] = [
  {
    title: '1. Yleistä',
    blocks: [
      'Nämä käyttöehdot koskevat Lipputori-palvelua (jäljempänä ”palvelu”), jota ylläpitää Lipputori Oy (jäljempänä ”Lipputori” tai ”me”). Palvelu on markkinapaikka, jossa yksityishenkilöt myyvät ja ostavat tapahtumalippuja toisiltaan.',
      'Lipputori toimii välittäjänä myyjän ja ostajan välillä: lipun kauppa syntyy myyjän ja ostajan kesken, ja Lipputori välittää maksun, toimittaa lipun ostajalle ja tilittää myyntihinnan myyjälle näiden ehtojen mukaisesti. Lipputori ei ole tapahtumien järjestäjä eikä vastaa tapahtumien sisällöstä tai toteutumisesta.',
      'Luomalla käyttäjätilin tai ostamalla tai myymällä lippuja hyväksyt nämä käyttöehdot. Lue myös tietosuojaseloste, jossa kerrotaan, miten käsittelemme henkilötietojasi.',
    ],
  },
  {
    title: '2. Käyttäjätili ja ikäraja',
    blocks: [
      'Palvelun käyttäjän on oltava vähintään 18-vuotias. Lippuja voi selata ilman käyttäjätiliä, mutta lippujen ostaminen ja myyminen edellyttävät rekisteröitymistä.',
      'Käyttäjä vastaa siitä, että hänen antamansa tiedot ovat oikeita ja ajan tasalla. Käyttäjä pitää salasanansa vain omana tietonaan ja vastaa kaikesta tilillään tapahtuvasta toiminnasta.',
      'Käyttäjänimi on julkinen: se näytetään muille käyttäjille, kun myyt lippuja. Käyttäjänimi ei saa olla harhaanjohtava tai loukkaava, eikä se saa olla toisen henkilön nimi.',
      'Käyttäjä voi poistaa tilinsä profiilistaan. Lipputorilla on oikeus sulkea tili tai poistaa se käytöstä, jos käyttäjä rikkoo näitä ehtoja tai käyttää palvelua väärin.',
    ],
  },
  {
    title: '3. Lippujen myyminen',
    blocks: [
      'Palvelussa voi myydä vain PDF-muotoisia sähköisiä lippuja, jotka myyjä on hankkinut laillisesti ja jotka hänellä on oikeus luovuttaa eteenpäin. Myyjä vastaa siitä, että lippu on aito, voimassa ja käyttämätön ja että ilmoituksen tiedot ovat oikein.',
      'Ylläpitotiimimme tarkistaa jokaisen ilmoituksen ennen kuin se tulee myyntiin. Voimme hylätä ilmoituksen tai poistaa sen myynnistä, jos se ei täytä näitä ehtoja.',
      'Samaa lippua saa myydä vain yhdessä paikassa kerrallaan. Kun lippu on myynnissä Lipputorissa, sitä ei saa tarjota muissa palveluissa, eikä myyjä saa käyttää lippua itse tai luovuttaa sitä muulle.',
      'Myyjä voi muokata ilmoitusta tai poistaa lipun myynnistä niin kauan kuin lippua ei ole myyty. Myytyä kauppaa myyjä ei voi perua.',
      'Lipputori voi jakaa ja mainostaa myynnissä olevia lippuja omissa kanavissaan myynnin edistämiseksi.',
    ],
  },
  {
    title: '4. Hinnoittelu ja palvelumaksut',
    blocks: [
      'Lipun saa myydä enintään sen alkuperäiseen hintaan. Hintaan saa sisällyttää lipun alkuperäiset käsittely- ja toimituskulut, jos myyjä on maksanut ne lippua ostaessaan. Alkuperäistä hintaa korkeampi hinta ei ole sallittu.',
      'Myyjä ja ostaja maksavat kumpikin 3 %:n palvelumaksun. Myyjän palvelumaksu vähennetään tilitettävästä summasta. Ostajan palvelumaksu sisältyy hintaan, jonka ostaja näkee ennen maksamista.',
      'Muita maksuja ei ole: käyttäjätilin luominen, lippujen selaaminen ja ilmoittaminen ovat maksuttomia, eikä palvelussa ole piilokuluja. Esimerkiksi kun lipun hinta on 100,00 €, ostaja maksaa 103,00 € ja myyjälle tilitetään 97,00 €.',
    ],
  },
  {
    title: '5. Lippujen ostaminen ja maksaminen',
    blocks: [
      'Ostaja näkee lipun kokonaishinnan palvelumaksuineen ennen maksamista. Kauppa syntyy, kun maksu on hyväksytty.',
      'Maksutapoja ovat pankki- ja luottokortit, MobilePay, Apple Pay ja Google Pay. Maksut käsittelee maksunvälittäjä, eikä Lipputori tallenna korttitietoja.',
      'Lippu varataan ostajalle maksamisen ajaksi. Jos maksua ei suoriteta varausajan kuluessa, varaus raukeaa ja lippu palaa myyntiin.',
      'Maksun jälkeen ostaja lataa lipun PDF-tiedostona profiilistaan. Ostajan tulee tarkistaa lipun tiedot heti latauksen jälkeen.',
      'Koska kauppa tehdään yksityishenkilöiden välillä ja koskee tiettynä ajankohtana järjestettävää tapahtumaa, ostetulla lipulla ei ole palautus- tai peruuttamisoikeutta. Virheellisiä lippuja ja peruuntuneita tapahtumia koskevat hyvitykset käsitellään kohtien 7 ja 8 mukaisesti.',
    ],
  },
  {
    title: '6. Tilitykset myyjälle',
    blocks: [
      'Myyjä ilmoittaa profiilissaan suomalaisen pankkitilin numeron IBAN-muodossa. Tilitykset maksetaan vain suomalaisille pankkitileille.',
      `Myyntihinta, josta on vähennetty myyjän 3 %:n palvelumaksu, tilitetään myyjälle 2–3 arkipäivän kuluessa tapahtumasta, kun ostajan reklamaatioaika on päättynyt eikä kaupasta ole tehty reklamaatiota. Tilitys maksetaan aikaisintaan ${complaintWindowHours} tunnin kuluttua tapahtuman alkamisesta.`,
      'Jos kaupasta tehdään reklamaatio, tilitys pidätetään, kunnes asia on selvitetty. Jos tilinumero puuttuu tai on virheellinen, tilitys viivästyy, kunnes myyjä on korjannut tiedon.',
      'Myyjä vastaa itse myyntitulojensa mahdollisista veroseuraamuksista.',
    ],
  },
  {
    title: '7. Reklamaatiot ja hyvitykset',
    blocks: [
      `Jos lippu ei toimi, se on jo käytetty tai se ei vastaa ilmoituksen tietoja, ostajan on tehtävä reklamaatio ${complaintWindowHours} tunnin kuluessa tapahtuman alkamisesta. Reklamaatio tehdään profiilin ostetuista lipuista lipun kohdalta (Tee reklamaatio). Reklamaatioon kirjoitetaan kuvaus ongelmasta, ja siihen voi liittää selvityksen, esimerkiksi tapahtumajärjestäjän ilmoituksen tai valokuvan.`,
      'Myyjän tilitys pidätetään reklamaation käsittelyn ajaksi. Myyjä näkee reklamaation kuvauksen ja voi vastata siihen. Selvitämme asian ostajan ja myyjän kanssa ja ilmoitamme ratkaisusta kummallekin sähköpostitse.',
      'Jos reklamaatio on aiheellinen, palautamme ostajalle aina koko lipusta maksetun summan palvelumaksuineen, eikä myyjälle tilitetä kaupasta. Palautus maksetaan myyjälle tilitettävistä varoista. Enimmäismäärä 300 € lippua kohden ja 600 € asiakasta kohden koskee vain hyvitystä, joka maksetaan palautuksen lisäksi. Jos reklamaatio hylätään, kerromme syyn, ja tilitys maksetaan myyjälle.',
      'Määräajan jälkeen tehtyjä reklamaatioita ei käsitellä. Asiakaspalvelumme palvelee arkisin klo 9–12.',
    ],
  },
  {
    title: '8. Peruuntuneet tapahtumat',
    blocks: [
      'Jos tapahtuma peruuntuu, palautamme ostajalle koko maksetun summan palvelumaksuineen maksutavalle, jolla lippu maksettiin, ja ilmoitamme siitä sähköpostitse. Jos ostaja ei ole saanut ilmoitusta, hän voi pyytää hyvitystä Lipputorin asiakaspalvelusta 14 päivän kuluessa tapahtuman peruuntumisesta.',
      'Kun ostajalle maksetaan hyvitys, myyjälle ei tilitetä kyseisestä kaupasta. Myyjä voi hakea lipun hinnan palautusta tapahtumajärjestäjältä järjestäjän ehtojen mukaisesti.',
      'Jos tapahtuma siirtyy uuteen ajankohtaan ja lippu on järjestäjän ehtojen mukaan edelleen voimassa, kauppa pysyy voimassa.',
    ],
  },
  {
    title: '9. Vastuunrajoitukset ja seuraamukset',
    blocks: [
      'Lipputori ei vastaa tapahtumajärjestäjän toiminnasta, tapahtuman sisällöstä tai muutoksista eikä välillisistä vahingoista, kuten matka- tai majoituskuluista. Lipputorin vastuu rajoittuu kohdan 7 mukaisiin palautuksiin ja hyvityksiin: lipusta maksettu summa palautetaan aina kokonaan, ja sen lisäksi maksettava hyvitys on enintään 300 € lippua kohden ja 600 € asiakasta kohden.',
      'Pyrimme pitämään palvelun käytettävissä keskeytyksettä, mutta emme takaa sitä. Palvelussa voi olla huolto- ja päivityskatkoja.',
      'Jos myyjä myy saman lipun useassa palvelussa, myyjältä peritään peruutusmaksu, joka on 20 % myyntihinnasta, kuitenkin vähintään 30 €. Lisäksi Lipputori voi periä myyjältä ostajalle maksetun hyvityksen.',
      'Jos käyttäjä myy väärennettyjä tai käytettyjä lippuja tai rikkoo muuten näitä ehtoja, Lipputori voi sulkea käyttäjän tilin ja ilmoittaa asiasta viranomaisille.',
    ],
  },
  {
    title: '10. Henkilötiedot ja muutokset ehtoihin',
    blocks: [
      'Käsittelemme henkilötietoja tietosuojaselosteen mukaisesti. Säilytämme henkilötietoja käyttäjätilin voimassaolon ajan ja 24 kuukautta sen jälkeen.',
      'Voimme muuttaa näitä ehtoja. Ilmoitamme olennaisista muutoksista palvelussa tai sähköpostilla hyvissä ajoin ennen niiden voimaantuloa. Jatkamalla palvelun käyttöä muutosten jälkeen hyväksyt muutetut ehdot.',
      'Näihin ehtoihin sovelletaan Suomen lakia. Erimielisyydet pyritään ratkaisemaan ensisijaisesti neuvottelemalla. Kuluttaja voi saattaa asian myös kuluttajariitalautakunnan käsiteltäväksi.',
    ],
  },
];

export const termsText = {
  documentTitle: 'Käyttöehdot – Lipputori',
  title: 'Lipputori käyttöehdot',
  updated: 'Päivitetty 26.11.2026',
  sections: termsSections,
  privacyLink: {
    before: 'Henkilötietojen käsittelystä kerrotaan tarkemmin ',
    text: 'tietosuojaselosteessa',
    after: '.',
  },
} as const;

// ---------------------------------------------------------------------------------------------------------
// Privacy notice

function privacySections(contact: ContactDetails): readonly DocumentSection[] {
  return [
    {
      title: '1. Rekisterinpitäjä',
      blocks: [
        {
          details: [
            { label: 'Nimi', value: company.name },
            { label: 'Y-tunnus', value: contact.businessId },
            { label: 'Osoite', value: companyAddress },
            { label: 'Sähköposti', value: contact.email, href: `mailto:${contact.email}` },
          ],
        },
      ],
    },
    {
      title: '2. Yhteyshenkilö rekisteriä koskevissa asioissa',
      blocks: [
        'Tietosuojaa koskeviin kysymyksiin ja pyyntöihin vastaa Lipputorin asiakaspalvelu.',
        {
          details: [
            { label: 'Sähköposti', value: contact.email, href: `mailto:${contact.email}` },
            { label: 'Puhelin', value: contact.phone, href: `tel:${contact.phone.replace(/[^\d+]/g, '')}` },
          ],
        },
      ],
    },
    {
      title: '3. Mitä tietoja keräämme',
      blocks: [
        'Käsittelemme vain palvelun tuottamiseen tarvittavia tietoja:',
        {
          list: [
            'Tunniste- ja yhteystiedot: etu- ja sukunimi, käyttäjänimi, sähköpostiosoite ja vahvistus täysi-ikäisyydestä.',
            'Kirjautumistiedot: salasana salattuna tunnisteena tai Google- tai Facebook-kirjautumisen tunniste.',
            'Myyntitiedot: myyntiin asetetut liput ja niiden PDF-tiedostot, ilmoitusten tiedot ja tilitystä varten pankkitilin numero (IBAN).',
            'Ostotiedot: ostetut liput, ostojen ajankohdat ja summat sekä maksunvälittäjältä saatu maksun tila. Korttitietoja emme saa emmekä tallenna.',
            'Yhteydenotot: asiakaspalveluun lähetetyt viestit ja reklamaatiot sekä uutiskirjeen tilaukseen annettu sähköpostiosoite.',
            'Tekniset tiedot: selaimen ja laitteen tiedot, IP-osoite, lokitiedot ja evästeillä kerätyt tiedot suostumuksesi mukaisesti.',
          ],
        },
        'Tiedot saadaan pääosin käyttäjältä itseltään. Maksun tila saadaan maksunvälittäjältä ja sosiaalisen median kirjautumisessa nimi ja sähköpostiosoite kyseiseltä palvelulta.',
      ],
    },
    {
      title: '4. Käyttötarkoitukset ja oikeusperusteet',
      blocks: [
        {
          list: [
            'Käyttäjätilin ylläpito sekä lippujen välitys, maksut, tilitykset ja asiakaspalvelu – oikeusperusteena sopimus käyttäjän kanssa.',
            'Kirjanpito ja muut lakisääteiset velvoitteet – oikeusperusteena lakisääteinen velvoite.',
            'Ilmoitusten tarkistus, väärinkäytösten ja petosten estäminen, tietoturva sekä palvelun kehittäminen – oikeusperusteena oikeutettu etumme tarjota turvallinen palvelu.',
            'Uutiskirje sekä analytiikka- ja toiminnallisten evästeiden käyttö – oikeusperusteena suostumus, jonka voit perua milloin tahansa.',
          ],
        },
        'Emme tee käyttäjistä automaattisia päätöksiä tai profilointia, jolla olisi heille oikeusvaikutuksia.',
      ],
    },
    {
      title: '5. Evästeet',
      blocks: [
        'Käytämme evästeitä ja selaimen tallennustilaa. Voit valita evästeasetukset, kun käyt palvelussa ensimmäistä kertaa, ja muuttaa valintojasi myöhemmin sivuston alatunnisteen kautta.',
        {
          list: [
            'Välttämättömät evästeet: kirjautuminen, tietoturva ja evästevalintojen tallentaminen. Näitä ei voi kytkeä pois, koska palvelu ei toimi ilman niitä.',
            'Analytiikkaevästeet: tilastotieto palvelun käytöstä, jonka avulla kehitämme palvelua. Käytössä vain suostumuksellasi.',
            'Toiminnalliset evästeet: esimerkiksi valintojesi ja uutiskirjeikkunan näyttökertojen muistaminen. Käytössä vain suostumuksellasi.',
          ],
        },
      ],
    },
    {
      title: '6. Tietojen luovutukset ja käsittelijät',
      blocks: [
        'Emme myy henkilötietoja. Käytämme luotettavia palveluntarjoajia, jotka käsittelevät tietoja lukuumme ja ohjeidemme mukaisesti:',
        {
          list: [
            'Maksunvälittäjä, joka käsittelee korttimaksut ja muut maksutavat.',
            'Sähköpostipalvelu, jonka kautta lähetämme vahvistukset, ilmoitukset ja uutiskirjeet.',
            'Palvelin- ja tallennuspalvelujen tarjoajat, joiden palvelimilla palvelu ja lipputiedostot säilytetään.',
          ],
        },
        'Myyjän käyttäjänimi näytetään muille käyttäjille, ja ostettu lippu toimitetaan ostajalle. Voimme luovuttaa tietoja viranomaisille, kun laki sitä edellyttää.',
        'Käsittelemme tietoja ensisijaisesti EU:n ja ETA:n alueella. Jos tietoja siirretään niiden ulkopuolelle, huolehdimme siirron lainmukaisuudesta esimerkiksi Euroopan komission vakiosopimuslausekkeilla.',
      ],
    },
    {
      title: '7. Säilytysaika',
      blocks: [
        'Säilytämme henkilötietoja käyttäjätilin voimassaolon ajan ja 24 kuukautta tilin poistamisen jälkeen, jotta voimme selvittää mahdolliset reklamaatiot, tilitykset ja väärinkäytökset. Sen jälkeen tiedot poistetaan tai anonymisoidaan.',
        'Kirjanpitoon liittyviä tietoja säilytetään kirjanpitolain edellyttämän ajan. Uutiskirjeen tilaajan sähköpostiosoitetta säilytetään, kunnes tilaus perutaan.',
      ],
    },
    {
      title: '8. Rekisteröidyn oikeudet',
      blocks: [
        'Sinulla on oikeus:',
        {
          list: [
            'tarkastaa, mitä tietoja sinusta käsitellään, ja saada niistä kopio',
            'pyytää virheellisten tietojen oikaisemista',
            'pyytää tietojesi poistamista, ellei laki velvoita meitä säilyttämään niitä',
            'pyytää käsittelyn rajoittamista ja vastustaa oikeutettuun etuun perustuvaa käsittelyä',
            'siirtää antamasi tiedot koneluettavassa muodossa toiseen palveluun',
            'peruuttaa antamasi suostumus milloin tahansa',
            'tehdä valitus tietosuojavaltuutetun toimistolle, jos katsot, että tietojasi käsitellään lainvastaisesti.',
          ],
        },
        'Voit ladata kaikki tietosi yhtenä koneluettavana tiedostona ja poistaa tilisi itse profiilisi kohdassa Käyttäjätiedot. Muita pyyntöjä varten ota yhteyttä asiakaspalveluumme. Vastaamme pyyntöihin viimeistään kuukauden kuluessa.',
      ],
    },
    {
      title: '9. Tietoturva',
      blocks: [
        'Tiedot siirretään salattua yhteyttä pitkin, ja salasanat tallennetaan vain vahvasti salattuina tunnisteina. Lipputiedostot eivät ole julkisesti saatavilla: vain lipun myyjä, ostaja ja ylläpito pääsevät niihin käsiksi.',
        'Pääsy henkilötietoihin on rajattu henkilöihin, jotka tarvitsevat niitä työssään, ja he ovat sitoutuneet salassapitoon.',
      ],
    },
    {
      title: '10. Yhteydenotot ja muutokset',
      blocks: [
        'Tietosuojaa koskevat kysymykset ja pyynnöt voit lähettää sähköpostilla tai yhteydenottolomakkeella. Asiakaspalvelumme vastaa arkisin klo 9–12.',
        'Päivitämme tätä tietosuojaselostetta tarvittaessa. Ilmoitamme olennaisista muutoksista palvelussa tai sähköpostilla.',
      ],
    },
  ];
}

export const privacyText = {
  documentTitle: 'Tietosuojaseloste – Lipputori',
  title: 'Tietosuojaseloste',
  updated: 'Päivitetty 11.3.2025',
  intro:
    'Tässä tietosuojaselosteessa kerromme, miten Lipputori käsittelee käyttäjiensä henkilötietoja EU:n yleisen tietosuoja-asetuksen (GDPR) ja Suomen tietosuojalain mukaisesti.',
  sections: privacySections,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Accessibility statement (saavutettavuusseloste): the law on digital services requires it of consumer
// e-commerce from 28.6.2025. It says what is true of the service as measured; update it with the service.

function accessibilitySections(contact: Pick<ContactDetails, 'email'>): readonly DocumentSection[] {
  return [
    {
      title: '1. Saavutettavuuden tila',
      blocks: [
        'Lipputorin verkkopalvelu täyttää saavutettavuusvaatimukset osittain. Vaatimuksina ovat standardi EN\u00a0301\u00a0549 ja sen viittaamat WCAG 2.1 -ohjeiden A- ja AA-tason kriteerit. Alla kerromme, mitkä sisällöt eivät vielä ole saavutettavia.',
        'Palvelua voi käyttää näppäimistöllä, ja jokaisen sivun ensimmäinen sarkainpysähdys on linkki ”Siirry sisältöön”. Sivut toimivat puhelimen ja tietokoneen näytöllä sekä suurennettuina, lomakkeiden kentillä on nimet ja virheilmoitukset kerrotaan kentän yhteydessä.',
      ],
    },
    {
      title: '2. Sisällöt, jotka eivät ole saavutettavia',
      blocks: [
        {
          list: [
            'Myyjien lataamat lippujen PDF-tiedostot eivät ole saavutettavia asiakirjoja: ne ovat tapahtumajärjestäjien tekemiä, ja niissä on usein vain kuvana oleva viivakoodi tai QR-koodi ilman tekstivastinetta. Emme voi muuttaa tiedostoja, koska lipun on pysyttävä alkuperäisenä. Lipun tiedot (tapahtuma, päivä, paikka ja istumapaikat) näkyvät kuitenkin tekstinä lipun sivulla ja profiilissasi.',
            'Lippu pidetään varattuna maksua varten 10 minuuttia, eikä aikaa voi pidentää, koska lippu on sillä välin muilta ostajilta pois (WCAG 2.2.1). Jos aika loppuu, voit varata lipun uudelleen, jos kukaan muu ei ole ehtinyt ostaa sitä.',
            'Korttimaksun lomake on maksunvälittäjän (Stripe) upotettu osa. Sen saavutettavuudesta vastaa maksunvälittäjä, emmekä ole testanneet sitä erikseen ruudunlukuohjelmalla.',
            'Uutiskirjeen tilausikkuna voi avautua selaussivuilla itsestään, enintään kerran 30 päivässä. Sen saa suljettua Ei kiitos -painikkeella tai Esc-näppäimellä, eikä se avaudu osto- tai myyntisivuilla.',
          ],
        },
      ],
    },
    {
      title: '3. Miten saavutettavuus on arvioitu',
      blocks: [
        'Seloste perustuu omaan arvioomme (itsearvio). Automaattiset testit käyvät palvelun keskeiset sivut ja toiminnot läpi puhelimen (390 px) ja tietokoneen (1280 px) näytön levyisinä, ja jokaisessa tarkistetaan axe-työkalulla, ettei sivulla ole vakavia eikä kriittisiä saavutettavuusvirheitä. Lisäksi testit kokeilevat näppäimistön käyttöä: Siirry sisältöön -linkkiä, evästeilmoitusta ja kohdistuksen korostusta.',
        'Palvelua ei ole vielä testattu ruudunlukuohjelmia tai muita avustavia teknologioita käyttävien ihmisten kanssa, eikä ulkopuolinen asiantuntija ole arvioinut sitä. Automaattinen tarkistus löytää vain osan saavutettavuusongelmista.',
        'Seloste on laadittu 26.11.2026, ja päivitämme sen, kun palvelu muuttuu.',
      ],
    },
    {
      title: '4. Anna palautetta saavutettavuudesta',
      blocks: [
        'Huomasitko saavutettavuuspuutteen tai tarvitsetko jonkin sisällön saavutettavassa muodossa? Kerro siitä meille sähköpostilla tai yhteydenottolomakkeella sivulla Ota yhteyttä. Pyrimme vastaamaan 14 päivän kuluessa.',
        {
          details: [
            { label: 'Palvelun tarjoaja', value: company.name },
            { label: 'Sähköposti', value: contact.email, href: `mailto:${contact.email}` },
            { label: 'Yhteydenottolomake', value: 'Ota yhteyttä', href: '/ota-yhteytta' },
          ],
        },
      ],
    },
    {
      title: '5. Valvontaviranomainen',
      blocks: [
        'Jos et ole tyytyväinen vastaukseemme tai et saa vastausta, voit ilmoittaa asiasta valvontaviranomaiselle. Kuluttajille tarjottavien verkkokauppojen saavutettavuutta valvoo Liikenne- ja viestintävirasto Traficom.',
        {
          details: [
            { label: 'Valvontaviranomainen', value: 'Liikenne- ja viestintävirasto Traficom' },
            { label: 'Verkkosivusto', value: 'www.traficom.fi', href: 'https://www.traficom.fi/' },
          ],
        },
      ],
    },
  ];
}

export const accessibilityText = {
  documentTitle: 'Saavutettavuusseloste – Lipputori',
  // A soft hyphen: on a phone the long word breaks as 'Saavutettavuus-' / 'seloste', not anywhere.
  title: 'Saavutettavuus\u00adseloste',
  updated: 'Päivitetty 26.11.2026',
  intro:
    'Tämä saavutettavuusseloste koskee Lipputorin verkkopalvelua: lippujen selaamista, ostamista ja myymistä sekä palvelun infosivuja. Haluamme, että jokainen voi ostaa ja myydä lippuja Lipputorissa.',
  sections: accessibilitySections,
} as const;
