# Writes the tables of cpp/noise/exact_pow.cpp: for j in 0..127, c_j (the double nearest
# 1 / (1 + (j + 0.5) / 128)) and -ln(c_j) as a double-double; for j in 0..63, 2^(j/64) as a
# double-double. Decimal at 60 digits; float(Decimal) rounds correctly.
from decimal import Decimal as D, getcontext
getcontext().prec = 60
def dd(v):
    hi = float(v)
    lo = float(v - D(hi))
    return hi, lo
print("const double kLogC[128] = {")
cs = []
for j in range(128):
    c = float(D(1) / (D(1) + (D(j) + D("0.5")) / 128))
    cs.append(c)
print(",\n".join("    " + ", ".join(c.hex() for c in cs[i:i+4]) for i in range(0, 128, 4)) + "};")
print("const double kLogL[128][2] = {")
rows = []
for c in cs:
    hi, lo = dd(-(D(c).ln()))
    rows.append("{%s, %s}" % (hi.hex(), lo.hex()))
print(",\n".join("    " + ", ".join(rows[i:i+2]) for i in range(0, 128, 2)) + "};")
print("const double kExp2[64][2] = {")
rows = []
for j in range(64):
    hi, lo = dd((D(2).ln() * j / 64).exp())
    rows.append("{%s, %s}" % (hi.hex(), lo.hex()))
print(",\n".join("    " + ", ".join(rows[i:i+2]) for i in range(0, 64, 2)) + "};")
ln2 = D(2).ln()
for name, v in (("kLn2", ln2), ("kLn2Over64", ln2 / 64)):
    hi, lo = dd(v)
    print("const double %s[2] = {%s, %s};" % (name, hi.hex(), lo.hex()))
print("const double k64OverLn2 = %s;" % float(64 / ln2).hex())
