/** The id of the box that holds each staff page (Layout.tsx builds it), where the top bar's skip link goes. */
export const MAIN_CONTENT_ID = 'main-content';
