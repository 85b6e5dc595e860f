/** The instrument tables' column headings, and the read-only table of the waiting, rejected and deleted instruments. */
import { useFormats } from '../locale.tsx';
import { useInstrumentTexts } from './texts.ts';
import type { Instrument } from './api.ts';
import { DataName, INSTRUMENT_TYPE_NAMES } from '../components/DataName.tsx';

/** The head of the tables the member edits in: the fields, and a column for each row's buttons. */
export function Headings() {
  const t = useInstrumentTexts();
  return (
    <thead>
      <tr>
        {[t.fields.type, t.fields.make, t.fields.model, t.fields.serial, t.fields.value, t.fields.start].map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
        <th scope="col">
          <span className="visually-hidden">{t.fields.status}</span>
        </th>
      </tr>
    </thead>
  );
}

/** Instruments to read, with the fields and the columns `extra` adds. */
export function ReadTable({
  instruments,
  extra,
  label,
}: {
  instruments: Instrument[];
  label: string;
  extra: { label: string; value: (row: Instrument) => React.ReactNode }[];
}) {
  const t = useInstrumentTexts();
  const format = useFormats();
  return (
    <div className="table-wrap">
      <table className="stack-table" aria-label={label}>
        <thead>
          <tr>
            {[t.fields.type, t.fields.make, t.fields.model, t.fields.serial, t.fields.value, t.fields.start].map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
            {extra.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {instruments.map((row) => (
            <tr key={row.id}>
              <td data-label={t.fields.type}>
                <DataName names={INSTRUMENT_TYPE_NAMES} name={row.category} />
              </td>
              <td data-label={t.fields.make}>{row.make}</td>
              <td data-label={t.fields.model}>{row.model}</td>
              <td data-label={t.fields.serial}>{row.serial_number ?? ''}</td>
              <td data-label={t.fields.value}>{t.valueAmount(format.amount(row.value))}</td>
              <td data-label={t.fields.start}>{format.date(row.insurance_start)}</td>
              {extra.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
