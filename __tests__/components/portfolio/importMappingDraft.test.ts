import { draftFor } from '@/components/portfolio/ImportMappingForm';

// The decimal separator a new mapping starts from (no saved mapping): worked out from CSV itself —
// in a comma-separated file an unquoted decimal comma would split the cell, so its numbers use a
// point ("280.50", the shipped template); a semicolon or tab file is read with the decimal comma.
describe('draftFor: the decimal separator without a saved mapping', () => {
  const headers = ['date', 'type', 'security', 'quantity', 'price'];

  it('is the point for a comma-separated file', () => {
    expect(draftFor(headers, [], null, ',').decimal).toBe('point');
  });

  it('is the comma for a semicolon or tab file', () => {
    expect(draftFor(headers, [], null, ';').decimal).toBe('comma');
    expect(draftFor(headers, [], null, '\t').decimal).toBe('comma');
  });

  it('keeps a saved choice whatever the separator', () => {
    const saved = {
      columns: {
        date: 'date',
        type: 'type',
        security: 'security',
        quantity: null,
        price: null,
        fee: null,
        currency: null,
        amount: null,
        id: null,
      },
      decimal: 'comma' as const,
      dateOrder: 'dmy' as const,
      types: [],
    };
    expect(draftFor(headers, [], saved, ',').decimal).toBe('comma');
  });
});
