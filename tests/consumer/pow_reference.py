# Reads "x y result" lines (hex floats) and counts results that are not x^y correctly rounded to
# a double, x^y taken with 50 significant digits (Decimal's power is correctly rounded at that
# precision; float() of a Decimal rounds correctly). Subnormal results, which exactPow rounds
# twice by design, are counted apart. Prints a JSON summary.
import json
import sys
from decimal import Decimal, getcontext

getcontext().prec = 50
n = wrong = subnormal = subnormal_wrong = 0
first = []
for line in sys.stdin:
    x, y, got = (float.fromhex(t) for t in line.split())
    want = float(Decimal(x) ** Decimal(y))
    n += 1
    if 0 < want < 2.2250738585072014e-308:
        subnormal += 1
        subnormal_wrong += got != want
    elif got != want:
        wrong += 1
        if len(first) < 5:
            first.append(line.strip() + " want " + want.hex())
print(json.dumps({"samples": n, "notCorrectlyRounded": wrong, "subnormal": subnormal,
                  "subnormalNotCorrectlyRounded": subnormal_wrong, "first": first}))
