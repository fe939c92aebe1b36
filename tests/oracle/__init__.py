"""The plain Fraction implementation of every tie-break, kept only to check the production kernels.

This is the reference implementation of sonneborn's first wave, one player at a time with exact
fractions, written straight from the C.07 text. Production code never imports it: the equivalence
tests rank random events with both and compare values, ranks and explanations.
"""
