/** The staff area's messages ('Ansatte', issue 37) in bokmål: under app.staff_users, and the field labels of its resources. */
export const staffUsersNb = {
  menu: 'Ansatte',
  title: 'Ansatte',
  breadcrumb: {
    list: 'ANSATTE',
    invite: 'INVITER ANSATT',
    roles: 'ROLLER OG RETTIGHETER',
    user: 'ANSATT',
  },
  invite: { title: 'Inviter ansatt' },
  user: { title: 'Ansatt' },
  roles: { title: 'Roller og rettigheter' },
};

export const staffUsersResourcesNb = {
  staff: {
    fields: {
      name: 'Navn',
      first_name: 'Fornavn',
      last_name: 'Etternavn',
      email: 'E-post',
      role_id: 'Rolle',
      role_name: 'Rolle',
      state: 'Status',
      last_sign_in_at: 'Sist innlogget',
      two_factor: 'Totrinnsinnlogging',
    },
  },
  roles: {
    fields: { name: 'Navn på rollen', rights: 'Rettigheter' },
  },
};
