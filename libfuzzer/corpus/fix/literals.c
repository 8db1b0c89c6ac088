int a = 0x1fUL + 1e+5 + 1.0f + 0b101 + .5e-3;
const char *r = R"d(raw ) " string)d";
char *u = u8"\u00e9\x41\"";
wchar_t w = L'\n';
