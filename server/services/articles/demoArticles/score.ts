// "How to read the score": the technical score and signal of DESIGN.md §6, in plain words.
export const scoreNb = {
  slug: 'slik-leser-du-scoren',
  title: 'Slik leser du den tekniske scoren',
  summary:
    'Scoren samler trend, støtte og motstand, momentum og volum i ett tall fra -1 til 1. Her er hva som ligger bak, og hvor grensene for kjøp og salg går.',
  tags: ['analyse', 'score', 'signaler'],
  body: `Hver aksje i Trendvakt får en **teknisk score** mellom **-1** og **1** for hver tidshorisont. Tallet er ikke en spådom, men et sammendrag av hva kursen og volumet har gjort. Alle tallene kan regnes ut igjen fra kursene.

## Fire deler, ulik vekt

| del | vekt | hva den måler |
| --- | --- | --- |
| Trend | 40 % | retningen og kvaliteten på trendkanalen, og brudd ut av den |
| Støtte og motstand | 20 % | +1 etter et nylig brudd opp gjennom motstand, -1 etter brudd ned gjennom støtte |
| Momentum | 20 % | RSI: (RSI - 50) / 30, begrenset til [-1, 1] |
| Volum | 20 % | volumbalansen for tidshorisonten |

Scoren er \`0,4 × trend + 0,2 × støtte/motstand + 0,2 × momentum + 0,2 × volum\`, og resultatet kuttes til intervallet [-1, 1].

## Fra score til signal

- **Kjøp** når scoren er **0,5 eller høyere**.
- **Selg** når scoren er **-0,5 eller lavere**.
- **Hold** for alt mellom.

Grensene er de samme for alle aksjer og begge markeder, Oslo Børs og NASDAQ.

## Momentum i tall

RSI er en 14-dagers Wilder-RSI av sluttkursen. En RSI på 50 gir momentum 0. RSI 65 gir (65 - 50) / 30 = **0,5**, og RSI 80 eller høyere gir fullt utslag, **1**. Høy RSI regnes altså som positivt momentum, ikke som et varsel om at aksjen er «overkjøpt».

## Tre tidshorisonter

- **Kort** (1): omtrent 5 måneder, volumdelen bruker volumbalansen for 5 dager.
- **Middels** (2): omtrent 18 måneder, volumbalansen for 22 dager. Dette er standardvisningen.
- **Lang** (3): omtrent 6 år, volumbalansen for 66 dager.

Den samlede scoren er \`(kort + middels + lang) / 2\`, også den begrenset til [-1, 1]. Tre horisonter som alle peker samme vei gir derfor raskt et tydelig utslag.

## Slik bruker du den

- [x] Se på **retningen** i alle tre horisontene, ikke bare ett tall.
- [x] Sjekk **volumbalansen**: stiger kursen på økende volum?
- [ ] Ikke bruk scoren alene. Den sier ingenting om selskapets økonomi, verdsettelse eller nyheter.

> Scoren er et hjelpemiddel for å sortere mange aksjer raskt. Beslutningen er din.`,
};

export const scoreEn = {
  slug: 'how-to-read-the-score',
  title: 'How to read the technical score',
  summary:
    'The score combines trend, support and resistance, momentum and volume into one number from -1 to 1. Here is what goes into it, and where the buy and sell thresholds are.',
  tags: ['analysis', 'score', 'signals'],
  body: `Every stock in Trendvakt gets a **technical score** between **-1** and **1** for each timeframe. The number is not a forecast but a summary of what price and volume have done. Every figure can be recomputed from the prices.

## Four parts, different weights

| part | weight | what it measures |
| --- | --- | --- |
| Trend | 40 % | the direction and quality of the trend channel, and breakouts from it |
| Support and resistance | 20 % | +1 after a recent break up through resistance, -1 after a break down through support |
| Momentum | 20 % | RSI: (RSI - 50) / 30, limited to [-1, 1] |
| Volume | 20 % | the volume balance of the timeframe |

The score is \`0.4 × trend + 0.2 × support/resistance + 0.2 × momentum + 0.2 × volume\`, clamped to [-1, 1].

## From score to signal

- **Buy** when the score is **0.5 or higher**.
- **Sell** when the score is **-0.5 or lower**.
- **Hold** for everything in between.

The thresholds are the same for every stock and both markets, Oslo Børs and NASDAQ.

## Momentum in numbers

RSI is a 14-period Wilder RSI of the close. An RSI of 50 gives momentum 0. RSI 65 gives (65 - 50) / 30 = **0.5**, and an RSI of 80 or more gives the full **1**. A high RSI therefore counts as positive momentum, not as a warning that the stock is "overbought".

## Three timeframes

- **Short** (1): about 5 months; the volume part uses the 5-day volume balance.
- **Medium** (2): about 18 months; the 22-day volume balance. This is the default view.
- **Long** (3): about 6 years; the 66-day volume balance.

The overall score is \`(short + medium + long) / 2\`, also clamped to [-1, 1]. Three timeframes that point the same way quickly give a clear reading.

## How to use it

- [x] Look at the **direction** in all three timeframes, not just one number.
- [x] Check the **volume balance**: is the price rising on rising volume?
- [ ] Do not use the score alone. It says nothing about the company's finances, valuation or news.

> The score helps you sort many stocks quickly. The decision is yours.`,
};
