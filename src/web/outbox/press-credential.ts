import type { PressCredentialResponse } from '../../domain/stations.ts';
import { api } from '../api/client.ts';
import { credentialOf, keepCredential } from './outbox-store.ts';

/**
 * Asks for a new press credential for the worker signed in by PIN and keeps it in the outbox's
 * store (docs/SECURITY.md#press-credentials): a press made offline carries it, so that it is sent
 * as this worker even after they signed out.
 */
export async function renewPressCredential(workerId: number): Promise<void> {
  const issued = await api<PressCredentialResponse>('POST', '/api/station/press_credential');
  await keepCredential({ workerId, token: issued.token, expiresAt: issued.expires_at });
}

/** The worker's credential while it is valid, or null. */
export async function pressCredentialOf(workerId: number): Promise<string | null> {
  const kept = await credentialOf(workerId);
  return kept && Date.parse(kept.expiresAt) > Date.now() ? kept.token : null;
}
