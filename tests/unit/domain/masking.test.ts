import { describe, expect, it } from 'vitest';
import { MASKED_FIELDS, MASK_KIND_OF, maskValue } from '../../../src/domain/common/masking';

describe('masking (spec 3 masked personal fields)', () => {
  it('masks mobiles keeping the first and last two digits', () => {
    expect(maskValue('mobile', '9876543221')).toBe('98XXXXXX21');
    expect(maskValue('mobile', '628123456789')).toBe('62XXXXXXXX89');
    expect(maskValue('mobile', '123')).toBe('XXX');
  });
  it('masks emails without revealing the local part length', () => {
    expect(maskValue('email', 'ravi.k@x.in')).toBe('ra****@x.in');
    expect(maskValue('email', 'averylongname@demo.in')).toBe('av****@demo.in');
    expect(maskValue('email', 'ab@x.in')).toBe('a****@x.in');
  });
  it('masks names word by word', () => {
    expect(maskValue('name', 'Ravi Kumar')).toBe('R*** K****');
    expect(maskValue('name', 'Siti')).toBe('S***');
  });
  it('masks identifiers keeping the last four characters', () => {
    expect(maskValue('identifier', 'ABCDE1234F')).toBe('XXXXXX234F');
    expect(maskValue('identifier', '123412341234')).toBe('XXXXXXXX1234');
    expect(maskValue('identifier', 'AB1')).toBe('XXX');
  });
  it('masks address lines in name style with no digit kept', () => {
    expect(maskValue('address', '12 MG Road, Andheri')).toBe('X* M* R**** A******');
    expect(maskValue('address', 'Flat 4B')).toBe('F*** X*');
  });
  it('hides image URLs and passes empty values through', () => {
    expect(maskValue('image_url', 'https://cdn.example/p.jpg')).toBe('');
    expect(maskValue('mobile', null)).toBe('');
    expect(maskValue('name', '')).toBe('');
  });
  it('covers every masked field of the spec', () => {
    expect(MASKED_FIELDS).toEqual([
      'Applicant Name',
      'PAN number',
      'contact number',
      'email',
      'Aadhar number',
      'chassis',
      'engine number',
      'account number',
      'image URL',
    ]);
    expect(maskValue(MASK_KIND_OF['contact number'], '9876543221')).toBe('98XXXXXX21');
    expect(maskValue(MASK_KIND_OF['Applicant Name'], 'Ravi Kumar')).toBe('R*** K****');
  });
});
