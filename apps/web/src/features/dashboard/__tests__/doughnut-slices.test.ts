import { describe, expect, it } from 'vitest';
import { doughnutSlices } from '../components/chart-summaries';

describe('doughnut slices', () => {
  it('keeps six categories or fewer as they are', () => {
    const items = ['A', 'B', 'C', 'D', 'E', 'F'].map((name, index) => ({ name, total: index + 1 }));
    expect(doughnutSlices(items)).toBe(items);
  });

  it('adds up all but the five largest as "Other" beyond six', () => {
    const items = [
      { name: 'Rent', total: 900 },
      { name: 'Toys', total: 4.1 },
      { name: 'Food', total: 300 },
      { name: 'Bills', total: 120 },
      { name: 'Fuel', total: 80 },
      { name: 'Gifts', total: 10.2 },
      { name: 'Books', total: 60 },
    ];
    expect(doughnutSlices(items)).toEqual([
      { name: 'Rent', total: 900 },
      { name: 'Food', total: 300 },
      { name: 'Bills', total: 120 },
      { name: 'Fuel', total: 80 },
      { name: 'Books', total: 60 },
      { name: 'Other', total: 14.3 },
    ]);
  });
});
