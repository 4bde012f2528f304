// "What volume balance says": volbal_N of DESIGN.md §6.
export const volumeNb = {
  slug: 'hva-volumbalansen-forteller',
  title: 'Hva volumbalansen forteller',
  summary:
    'Volumbalansen sammenligner volumet på dager kursen stiger med volumet på dager den faller. Et tall fra -100 % til 100 % som viser om kjøperne eller selgerne har overtaket.',
  tags: ['analyse', 'volum'],
  body: `Kursen viser hva markedet betaler. **Volumet** viser hvor mange som er med på det. Volumbalansen setter de to sammen.

## Definisjonen

For de siste *N* handelsdagene (N = 5, 22 eller 66):

\`volumbalanse = (volum på oppdager - volum på neddager) / (volum på oppdager + volum på neddager)\`

- En dag er en **oppdag** når sluttkursen er høyere enn dagen før, og en **neddag** når den er lavere.
- Dager med uendret kurs teller ikke med.
- Er det verken opp- eller neddager, er balansen 0.
- Dager uten omsetning (volum 0) tas bort før beregningen.

Resultatet ligger mellom -1 og 1, og vises som **-100 % til 100 %**.

## Et regneeksempel

Fem dager med disse sluttkursene og volumene:

| dag | sluttkurs | volum | type |
| --- | --- | --- | --- |
| 1 | 100 | — | utgangspunkt |
| 2 | 102 | 300 000 | opp |
| 3 | 101 | 100 000 | ned |
| 4 | 101 | 80 000 | uendret |
| 5 | 104 | 200 000 | opp |

Oppvolum 500 000, nedvolum 100 000: (500 000 - 100 000) / 600 000 = **0,67**, altså **67 %**. Kjøperne har klart overtaket.

## Tre lengder

- **5 dager**: reagerer raskt, brukes i scoren for kort horisont.
- **22 dager** (omtrent en måned): brukes for middels horisont, og er tallet i aksjelisten.
- **66 dager** (omtrent et kvartal): brukes for lang horisont.

## Slik leser du den

- En stigende kurs med **positiv** volumbalanse er en sunn trend: flere handler på oppdagene.
- En stigende kurs med **negativ** volumbalanse er et faresignal: oppgangen bæres av lite volum.
- Volumbalansen teller **20 %** i den tekniske scoren.

## I filteret

I aksjelisten kan du filtrere på volumbalansen for 22 dager. Du skriver inn prosent, for eksempel **30** for 30 %; verdien sendes som 0,3.`,
};

export const volumeEn = {
  slug: 'what-volume-balance-tells-you',
  title: 'What volume balance tells you',
  summary:
    'Volume balance compares the volume on days the price rises with the volume on days it falls. A number from -100 % to 100 % that shows whether buyers or sellers have the upper hand.',
  tags: ['analysis', 'volume'],
  body: `The price shows what the market pays. **Volume** shows how many take part. Volume balance puts the two together.

## The definition

Over the last *N* sessions (N = 5, 22 or 66):

\`volume balance = (up volume - down volume) / (up volume + down volume)\`

- A session is **up** when its close is above the previous close, and **down** when it is below.
- Unchanged sessions count in neither.
- When both sums are 0, the balance is 0.
- Sessions with zero volume are dropped before any calculation.

The result lies between -1 and 1 and is shown as **-100 % to 100 %**.

## A worked example

Five sessions with these closes and volumes:

| session | close | volume | kind |
| --- | --- | --- | --- |
| 1 | 100 | — | starting point |
| 2 | 102 | 300,000 | up |
| 3 | 101 | 100,000 | down |
| 4 | 101 | 80,000 | unchanged |
| 5 | 104 | 200,000 | up |

Up volume 500,000, down volume 100,000: (500,000 - 100,000) / 600,000 = **0.67**, that is **67 %**. Buyers clearly have the upper hand.

## Three lengths

- **5 sessions**: reacts quickly; used in the short timeframe's score.
- **22 sessions** (about a month): used for the medium timeframe, and the figure in the stock list.
- **66 sessions** (about a quarter): used for the long timeframe.

## How to read it

- A rising price with a **positive** volume balance is a healthy trend: more trading happens on up days.
- A rising price with a **negative** volume balance is a warning: the rise is carried by little volume.
- Volume balance counts for **20 %** of the technical score.

## In the filter

In the stock list you can filter on the 22-session volume balance. You enter a percentage, for example **30** for 30 %; it is sent as 0.3.`,
};
