module Shop
  class Cart
  end
end

p Shop::Cart
Shop::Checkout
