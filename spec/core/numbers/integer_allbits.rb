p [10.allbits?(2), 10.allbits?(3), 10.anybits?(5), 10.anybits?(4), 10.nobits?(5), 10.nobits?(2)]
p [10.allbits?(2.5), (2**70 + 1).allbits?(1), -1.allbits?(2**70)]
