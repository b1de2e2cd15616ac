inf = Float::INFINITY
nan = Float::NAN
p format("%f %e %g %a", inf, inf, inf, inf)
p format("%f %e %g", -inf, -inf, -inf)
p format("%f %E %G", nan, nan, nan)
p format("%+f % f %+f", inf, inf, nan)
p format("%10f|%-10f|%010f|", inf, -inf, nan)
p format("%.2f", inf)
