// The async boundary: the federation runtime negotiates shared modules (React, …) before the
// bootstrap imports them; nothing shared may be imported synchronously here.
void import('./bootstrap');
