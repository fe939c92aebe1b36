"""The plain Fraction implementation of every tie-break, kept only to check the production kernels.

One player at a time with exact fractions, written from the C.07 text, not from the kernels: it takes
from sonneborn only the data records, the writing of numbers, the error types and the names of the rule
editions, and shares no code with src/ (``tests/test_oracle_independent.py``). Production code never
imports it: the equivalence tests rank random events with both and compare values, ranks and explanations.
"""
