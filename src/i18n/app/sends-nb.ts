/** The messages of 'Utsendelser' (src/admin/sends) in bokmål, under app.sends. */
export const sendsNb = {
  menu: 'Utsendelser',
  breadcrumb: 'UTSENDELSER',
  title: 'Utsendelser',
  create_crumb: 'NY UTSENDELSE',
  create_title: 'Ny utsendelse',
  one_crumb: 'UTSENDELSE',
  one_title: 'Utsendelse',
  // The member's message log names the send a message came from (src/admin/logs).
  log: { column: 'UTSENDELSE', link: 'Utsendelse' },
};
