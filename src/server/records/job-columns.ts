/** The columns of a record that a start and an administrator's correction take from the request as given. */
export type JobColumn =
  | 'slip_no'
  | 'paper_size_id'
  | 'processing_id'
  | 'processing_detail_id'
  | 'machine_id'
  | 'company_id'
  | 'superior'
  | 'wound'
  | 'size'
  | 'miss'
  | 'other';

/** A record's job and counts from a request (the start's or the record editor's); 加工内容2 left out is none. */
export function jobColumns<Input extends Record<JobColumn, unknown> & { process2?: string | null }>(
  input: Input,
): Pick<Input, JobColumn> & { process2: string | null } {
  return {
    slip_no: input.slip_no,
    paper_size_id: input.paper_size_id,
    processing_id: input.processing_id,
    processing_detail_id: input.processing_detail_id,
    machine_id: input.machine_id,
    company_id: input.company_id,
    superior: input.superior,
    wound: input.wound,
    size: input.size,
    miss: input.miss,
    other: input.other,
    process2: input.process2 ?? null,
  };
}
