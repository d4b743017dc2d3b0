import { describe, expect, it } from 'vitest';
import { parseJavaMajor } from '../../scripts/lib/java.js';

describe('parseJavaMajor (the Java 17+ check before DynamoDB Local starts)', () => {
  it.each([
    ['openjdk version "17.0.15" 2025-04-15', 17],
    ['openjdk version "21" 2023-09-19', 21],
    ['openjdk version "24-ea" 2025-03-18', 24],
    ['java version "1.8.0_292"', 8],
    ['java version "11.0.2" 2019-01-15 LTS', 11],
  ])('%s → %i', (output, major) => {
    expect(parseJavaMajor(output)).toBe(major);
  });

  it('gives undefined for output it cannot read', () => {
    expect(parseJavaMajor('bash: java: command not found')).toBeUndefined();
  });
});
