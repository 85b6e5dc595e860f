// react-admin's default CSV exporter (ra-core's defaultExporter) imports jsonexport statically, and
// every list controller holds that exporter as its default, so jsonexport sat in the first load of
// every staff list page although no staff page offers react-admin's CSV export button (the staff
// lists export through ExportListButton). vite.config.ts aliases ra-core's import to this file:
// the same callback API, with jsonexport itself fetched the first time an export runs.
export default function jsonExport(...args) {
  void import('jsonexport/dist/index').then((module) => (module.default ?? module)(...args));
}
