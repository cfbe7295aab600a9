// Standalone development entry; the host loads ./module instead.
void import('./bootstrap');
