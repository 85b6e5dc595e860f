export default { app: { name: 'Musikerportalen' } };
