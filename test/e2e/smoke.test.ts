import { describe, expect, it } from 'vitest';
import { api } from '../support/http.js';

describe('the local server', () => {
  it('answers GET /api/version for the bootstrap administrator', async () => {
    const response = await api('GET', '/api/version');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ Version: '1.0' });
  });

  it('refuses GET /api/version without credentials', async () => {
    const response = await api('GET', '/api/version', { auth: null });
    expect(response.status).toBe(401);
  });
});
