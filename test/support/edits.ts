import type { TestClient } from './test-app.ts';

/** GET /api/productcost/edit/{id} as the edit screen reads it; anything but 200 fails the test. */
export async function loadForEdit(client: TestClient, id: number) {
  const response = await client.get(`/api/productcost/edit/${id}`);
  if (response.statusCode !== 200) throw new Error(`edit read of ${id}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The record as the edit screen sends it back: times as read, workers as ids. */
export const editable = (record: Awaited<ReturnType<typeof loadForEdit>>) => ({
  ...record,
  employees: record.employees.map((e: { id: number }) => e.id),
});
