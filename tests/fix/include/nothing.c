/* No conversion: no #include either. */
int plain;
