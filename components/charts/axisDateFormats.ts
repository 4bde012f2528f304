/**
 * Time-axis labels in the reader's language (date-fns patterns for chartjs-adapter-date-fns). The
 * adapter's defaults are English word order ("MMM d"), which in Norwegian read "juli 31"; here
 * Norwegian puts the day first ("31. jul.").
 */
export function axisDateFormats(locale: string): Record<string, string> {
  return locale === 'en'
    ? { day: 'MMM d', week: 'MMM d', month: 'MMM yyyy', quarter: 'QQQ yyyy', year: 'yyyy' }
    : { day: 'd. MMM', week: 'd. MMM', month: 'MMM yyyy', quarter: 'QQQ yyyy', year: 'yyyy' };
}
