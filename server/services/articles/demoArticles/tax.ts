// "How the Norwegian tax view works": FIFO lots in NOK at trade-date rates (DESIGN.md §7).
export const taxNb = {
  slug: 'slik-fungerer-skattevisningen',
  title: 'Slik fungerer skattevisningen',
  summary:
    'Skattevisningen regner ut realiserte gevinster og tap per år etter FIFO, i kroner og med valutakursen fra handelsdagen. Her er reglene, med et regneeksempel.',
  tags: ['portefølje', 'skatt'],
  body: `I Norge skattlegges gevinst ved salg av aksjer i det året du selger. Skattevisningen i porteføljen viser de **realiserte gevinstene og tapene per år**, salg for salg, slik du trenger dem når du kontrollerer skattemeldingen.

## Reglene visningen følger

- **FIFO** (først inn, først ut): aksjene du kjøpte først, regnes som solgt først.
- Alt regnes i **norske kroner**. Aksjer i dollar omregnes med **USD/NOK-kursen fra handelsdagen**: kjøpet med kursen den dagen du kjøpte, salget med kursen den dagen du solgte.
- **Kurtasje ved kjøp** legges til kostprisen for partiet. **Kurtasje ved salg** trekkes fra salgssummen.
- Ved en **splitt** får hvert parti flere (eller færre) aksjer, men samme kostpris.
- **Utbytte** vises brutto i kroner, med kursen fra utbetalingsdagen.

## Et regneeksempel

| dato | hendelse | antall | kurs | kurtasje |
| --- | --- | --- | --- | --- |
| 2023 | kjøp | 100 | 200 kr | 29 kr |
| 2023 | kjøp | 50 | 240 kr | 29 kr |
| 2024 | salg | 120 | 260 kr | 29 kr |

Salget tar hele det første partiet og 20 aksjer fra det andre:

- Første parti: 100 × 200 + 29 = **20 029 kr**.
- 20 av 50 aksjer i det andre partiet: (50 × 240 + 29) / 50 × 20 = **4 811,60 kr**.
- Salgssum: 120 × 260 - 29 = **31 171 kr**.
- Gevinst for 2024: 31 171 - 20 029 - 4 811,60 = **6 330,40 kr**.

Porteføljeoversikten bruker **gjennomsnittlig kostpris** (213,72 kr per aksje her) og viser derfor en realisert gevinst på 5 524,60 kr. Begge tallene stemmer; det er metoden som skiller. Til skatt gjelder FIFO.

## Aksjer i dollar

Kjøper du 10 aksjer til 150 USD når dollaren koster 10 kr, er kostprisen **15 000 kr**. Selger du dem til 200 USD når dollaren koster 11 kr, får du **22 000 kr**. Gevinsten er **7 000 kr**, også den delen som skyldes at dollaren steg.

## Skjermingsfradrag

Skatterapporten for året regner **skjermingsfradrag per aksje**: skjermingsgrunnlaget er kostprisen pluss ubenyttet skjerming fra tidligere år, og skjermingen for året tjenes av aksjene du eier 31.12. Den brukes først mot utbytte fra samme aksje, og det som er til overs føres videre og reduserer en senere gevinst på aksjen, aldri under null. Satsen er den Skatteetaten publiserer for året.

## Aksjesparekonto (ASK)

En portefølje kan være en **aksjesparekonto**. Da er salg og utbytte inne på kontoen ikke skattepliktige linjer; skatten kommer først når du tar ut mer enn du har satt inn, og da etter kontoens egen skjerming. På en ASK kan du bare eie aksjer i selskaper som hører hjemme i EØS og er notert på et regulert marked (Oslo Børs, Euronext Expand), og aksjefond med mer enn 80 % aksjer. Trendvakt avviser andre aksjer med regelen og aksjen navngitt, også i en import.

## Husk

- Visningen er et hjelpemiddel, ikke skatteråd. Sjekk alltid tallene mot skattemeldingen.`,
};

export const taxEn = {
  slug: 'how-the-norwegian-tax-view-works',
  title: 'How the Norwegian tax view works',
  summary:
    'The tax view computes realised gains and losses per year with FIFO, in Norwegian kroner at the trade date’s exchange rate. Here are the rules, with a worked example.',
  tags: ['portfolio', 'tax'],
  body: `In Norway a gain on selling shares is taxed in the year you sell. The portfolio's tax view shows your **realised gains and losses per year**, sale by sale, the way you need them to check your tax return.

## The rules the view follows

- **FIFO** (first in, first out): the shares you bought first count as sold first.
- Everything is in **Norwegian kroner (NOK)**. Shares in dollars are converted at the **USD/NOK rate of the trade date**: the buy at the rate of the day you bought, the sale at the rate of the day you sold.
- The **fee on a buy** is added to that lot's cost. The **fee on a sale** is deducted from the proceeds.
- A **split** gives every lot more (or fewer) shares at the same cost.
- **Dividends** are shown gross in NOK, at the payment date's rate.

## A worked example

| date | event | quantity | price | fee |
| --- | --- | --- | --- | --- |
| 2023 | buy | 100 | NOK 200 | NOK 29 |
| 2023 | buy | 50 | NOK 240 | NOK 29 |
| 2024 | sell | 120 | NOK 260 | NOK 29 |

The sale takes the whole first lot and 20 shares of the second:

- First lot: 100 × 200 + 29 = **NOK 20,029**.
- 20 of the 50 shares in the second lot: (50 × 240 + 29) / 50 × 20 = **NOK 4,811.60**.
- Proceeds: 120 × 260 - 29 = **NOK 31,171**.
- Gain for 2024: 31,171 - 20,029 - 4,811.60 = **NOK 6,330.40**.

The portfolio overview uses the **average cost** (NOK 213.72 per share here) and therefore shows a realised gain of NOK 5,524.60. Both figures are right; the method differs. For tax, FIFO applies.

## Shares in dollars

Buy 10 shares at USD 150 when a dollar costs NOK 10, and the cost is **NOK 15,000**. Sell them at USD 200 when a dollar costs NOK 11, and you receive **NOK 22,000**. The gain is **NOK 7,000**, including the part that comes from the dollar rising.

## Shielding deduction (skjermingsfradrag)

The year's tax report computes the **shielding deduction per share**: the shielding base is the cost plus unused shielding from earlier years, and the year's shielding is earned by the shares you hold on 31 December. It is used first against dividends from the same share; what is left is carried forward and reduces a later gain on that share, never below zero. The rate is the one Skatteetaten publishes for the year.

## Share savings account (aksjesparekonto, ASK)

A portfolio can be an **aksjesparekonto**. Sales and dividends inside it are then not taxable lines; tax is due only when you withdraw more than you deposited, and then after the account's own shielding. An ASK may hold only shares of companies resident in the EEA and listed on a regulated market (Oslo Børs, Euronext Expand), and equity funds with more than 80 % shares. Trendvakt refuses other shares with the rule and the share named, in an import too.

## Keep in mind

- The view is an aid, not tax advice. Always check the figures against your tax return.`,
};
