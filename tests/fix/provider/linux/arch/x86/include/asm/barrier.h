/* Present so that arch/ exists. */
