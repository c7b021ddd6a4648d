// ML-DSA polynomial arithmetic core (FIPS 204 §7.5, q = 8380417, n = 256):
// forward NTT (Alg. 41), inverse NTT times 2^32 (Alg. 42 with the
// Montgomery factor, as the kernel seam's mldsa_invntt_tomont), and the
// pointwise Montgomery product r = a ∘ b · 2^-32 (Alg. 45), optionally
// accumulated (r = c + a ∘ b · 2^-32). Bit-exact with pqlab's portable
// kernels: the same signed 32-bit butterflies, the same twiddles (Montgomery
// form, centred) and the same signed Montgomery reduction.
//
// Datapath: one butterfly per clock through a five-stage pipeline
//   S0  the butterfly's two addresses and its twiddle (ROM), registered
//   S1  operands read from the coefficient memory
//   S2  the 32x32 -> 64-bit signed product (DSP48E1 cascade)
//   S3  t = low32(product) * q^-1 mod 2^32
//   S4  (product - t*q) >> 32, the add/subtract of the butterfly, write-back
// Butterflies of one layer are independent, so the pipeline runs full
// within a layer and drains (4 idle cycles) between layers.
//
// Interfaces: AXI4-Lite registers (pq_axil_regs) and 64-bit AXI4-Stream in
// and out, two coefficients per beat (little-endian: bits 31:0 are the
// even-indexed coefficient). Register map (byte addresses):
//   0x00 CTRL   (W)  bit0 START the operation in OP; bit1 LOAD: accept 128
//                    beats on s_axis into bank OP[5:4] (0 = A, 1 = B, 2 = C);
//                    bit2 UNLOAD: send bank A (the result) as 128 beats on m_axis
//   0x04 OP     (RW) [1:0] 0 NTT, 1 INVNTT, 2 POINTWISE (A = A∘B), 3 POINTWISE_ACC
//                    (A = C + A∘B); [5:4] load bank
//   0x08 STATUS (R)  bit0 busy, bit1 done, bit2 loading, bit3 unloading
//   0x0C CYCLES (R)  clocks from START to done of the last operation
//   0x10 ID     (R)  0x44534131 ("DSA1")
`default_nettype none
module mldsa_ntt_core (
    input  wire        clk,
    input  wire        rst_n,
    input  wire [7:0]  s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [7:0]  s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready,
    input  wire [63:0] s_axis_tdata,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,
    input  wire        s_axis_tlast,
    output wire [63:0] m_axis_tdata,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready,
    output wire        m_axis_tlast
);
`include "mldsa_zetas.vh"

  // Q, QINV, INV_F and INV_LAST_TWIDDLE come with the twiddles from
  // gen_tables.py (mldsa_field.hpp's q, qinv, inv_ntt_factor and
  // inv_ntt_last_twiddle): the last inverse layer's differences take the
  // final factor with their twiddle, and only its sums (coefficients
  // 0..127) need the map pass.

  localparam OP_NTT = 2'd0, OP_INVNTT = 2'd1, OP_PW = 2'd2, OP_PWACC = 2'd3;
  localparam K_CT = 2'd0, K_GS = 2'd1, K_MUL = 2'd2, K_MULACC = 2'd3;
  localparam ST_IDLE = 2'd0, ST_LAYERS = 2'd1, ST_MAP = 2'd2, ST_DRAIN = 2'd3;

  // ---- registers over AXI4-Lite ----
  wire        reg_we;
  wire [7:0]  reg_waddr, reg_raddr;
  wire [31:0] reg_wdata;
  reg  [31:0] reg_rdata;
  pq_axil_regs #(.ADDR_W(8)) axil (
      .clk(clk), .rst_n(rst_n),
      .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
      .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
      .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
      .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
      .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
      .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
      .reg_we(reg_we), .reg_waddr(reg_waddr), .reg_wdata(reg_wdata), .reg_raddr(reg_raddr),
      .reg_rdata(reg_rdata));

  reg [1:0]  op;
  reg [1:0]  bank;
  reg        busy, done;
  reg [31:0] cycles;
  reg        loading, unloading;
  reg [6:0]  load_ptr, unload_ptr;
  reg [1:0]  load_bank;

  always @(*) begin
    case (reg_raddr)
      8'h04: reg_rdata = {26'd0, bank, 2'd0, op};
      8'h08: reg_rdata = {28'd0, unloading, loading, done, busy};
      8'h0C: reg_rdata = cycles;
      8'h10: reg_rdata = 32'h44534131;
      default: reg_rdata = 32'd0;
    endcase
  end

  wire ctrl_we = reg_we && reg_waddr == 8'h00;
  wire start   = ctrl_we && reg_wdata[0] && !busy;

  // ---- coefficient memories: A (operand and result), B, C ----
  reg [31:0] mem_a [0:255];
  reg [31:0] mem_b [0:255];
  reg [31:0] mem_c [0:255];

  // ---- streams ----
  assign s_axis_tready = loading;
  wire load_beat = s_axis_tvalid && loading;
  assign m_axis_tvalid = unloading;
  assign m_axis_tdata  = {mem_a[{unload_ptr, 1'b1}], mem_a[{unload_ptr, 1'b0}]};
  assign m_axis_tlast  = unloading && unload_ptr == 7'd127;
  wire unload_beat = unloading && m_axis_tready;

  // ---- sequencer ----
  reg [1:0] state;
  reg [2:0] layer;
  reg [7:0] idx;  // butterfly (0..127) or coefficient (0..255) index
  reg       v1, v2, v3;
  reg       map_done;

  // Butterfly addresses of layer `layer`, butterfly idx[6:0].
  // NTT: len = 128 >> layer, group g = idx >> log2(len), zeta index 2^layer + g.
  // INVNTT: len = 1 << layer, zeta index 256/len - 1 - g (negated).
  wire [2:0] lg_len = (op == OP_NTT) ? 3'd7 - layer : layer;
  wire [6:0] bf = idx[6:0];
  wire [6:0] grp = bf >> lg_len;
  wire [6:0] jj = bf & ((7'd1 << lg_len) - 7'd1);
  wire [7:0] i0 = ({1'b0, grp} << (lg_len + 3'd1)) | {1'b0, jj};
  wire [7:0] i1 = i0 + (8'd1 << lg_len);
  wire [8:0] zeta_k_inv = (9'd256 >> layer) - 9'd1 - {2'd0, grp};
  wire [7:0] zeta_k = (op == OP_NTT) ? ((8'd1 << layer) + {1'b0, grp}) : zeta_k_inv[7:0];
  wire [31:0] zeta = mldsa_zeta(zeta_k);

  wire [7:0] ra0 = (state == ST_MAP) ? idx : i0;
  wire issue = (state == ST_LAYERS) || (state == ST_MAP);

  // S0: the addresses and the twiddle, registered, so that the memory read
  // of S1 starts from flip-flops (the address arithmetic and the read
  // multiplexer would otherwise be one long path).
  reg        v0, map0, last0;
  reg [7:0]  ra0_0, i1_0;
  reg [31:0] zeta0;
  always @(posedge clk) begin
    v0 <= issue;
    map0 <= (state == ST_MAP);
    last0 <= (state == ST_LAYERS) && layer == 3'd7;
    ra0_0 <= ra0;
    i1_0 <= i1;
    zeta0 <= zeta;
  end

  wire [31:0] a0 = mem_a[ra0_0];
  wire [31:0] a1 = mem_a[i1_0];

  // Stage 1 operands.
  reg [31:0] x1, z1, s1;
  reg [1:0]  k1, k2, k3;
  reg [7:0]  w0_1, w1_1, w0_2, w1_2, w0_3, w1_3;
  reg [31:0] s2, s3;
  reg signed [63:0] p2, p3;
  reg [31:0] t3;

  always @(posedge clk) begin
    v1 <= v0;
    w0_1 <= ra0_0;
    w1_1 <= i1_0;
    if (map0) begin
      x1 <= a0;
      z1 <= (op == OP_INVNTT) ? INV_F : mem_b[ra0_0];
      s1 <= mem_c[ra0_0];
      k1 <= (op == OP_PWACC) ? K_MULACC : K_MUL;
    end else if (op == OP_NTT) begin
      x1 <= a1;  // Cooley-Tukey: a0 ± zeta*a1
      z1 <= zeta0;
      s1 <= a0;
      k1 <= K_CT;
    end else begin
      x1 <= a0 - a1;  // Gentleman-Sande: (a0 + a1, -zeta*(a0 - a1))
      z1 <= last0 ? INV_LAST_TWIDDLE : 32'd0 - zeta0;
      s1 <= a0 + a1;
      k1 <= K_GS;
    end
    // S2: the product.
    v2 <= v1;
    p2 <= $signed(x1) * $signed(z1);
    s2 <= s1;
    k2 <= k1;
    w0_2 <= w0_1;
    w1_2 <= w1_1;
    // S3: the Montgomery quotient t = p * q^-1 mod 2^32.
    v3 <= v2;
    p3 <= p2;
    t3 <= p2[31:0] * QINV;
    s3 <= s2;
    k3 <= k2;
    w0_3 <= w0_2;
    w1_3 <= w1_2;
  end

  // S4: r = (p - t*q) / 2^32, exact (the low half is zero), |r| < q.
  wire signed [63:0] diff = p3 - $signed(t3) * Q;
  wire [31:0] r = diff[63:32];
  reg [31:0] d0, d1;
  always @(*) begin
    case (k3)
      K_CT:    begin d0 = s3 + r; d1 = s3 - r; end
      K_GS:    begin d0 = s3;     d1 = r;      end
      K_MUL:   begin d0 = r;      d1 = r;      end
      default: begin d0 = s3 + r; d1 = r;      end
    endcase
  end
  wire we1 = v3 && (k3 == K_CT || k3 == K_GS);

  always @(posedge clk) begin
    if (load_beat && load_bank == 2'd0) begin
      mem_a[{load_ptr, 1'b0}] <= s_axis_tdata[31:0];
      mem_a[{load_ptr, 1'b1}] <= s_axis_tdata[63:32];
    end
    if (v3) mem_a[w0_3] <= d0;
    if (we1) mem_a[w1_3] <= d1;
  end
  always @(posedge clk) begin
    if (load_beat && load_bank == 2'd1) begin
      mem_b[{load_ptr, 1'b0}] <= s_axis_tdata[31:0];
      mem_b[{load_ptr, 1'b1}] <= s_axis_tdata[63:32];
    end
    if (load_beat && load_bank == 2'd2) begin
      mem_c[{load_ptr, 1'b0}] <= s_axis_tdata[31:0];
      mem_c[{load_ptr, 1'b1}] <= s_axis_tdata[63:32];
    end
  end

  wire pipe_empty = !v0 && !v1 && !v2 && !v3;

  always @(posedge clk) begin
    if (!rst_n) begin
      op <= 2'd0;
      bank <= 2'd0;
      busy <= 1'b0;
      done <= 1'b0;
      cycles <= 32'd0;
      loading <= 1'b0;
      unloading <= 1'b0;
      load_ptr <= 7'd0;
      unload_ptr <= 7'd0;
      load_bank <= 2'd0;
      state <= ST_IDLE;
      layer <= 3'd0;
      idx <= 8'd0;
    end else begin
      if (reg_we && reg_waddr == 8'h04 && !busy) begin
        op <= reg_wdata[1:0];
        bank <= reg_wdata[5:4];
      end
      if (ctrl_we && reg_wdata[1] && !busy) begin
        loading <= 1'b1;
        load_ptr <= 7'd0;
        load_bank <= bank;
      end else if (load_beat) begin
        load_ptr <= load_ptr + 7'd1;
        if (load_ptr == 7'd127) loading <= 1'b0;
      end
      if (ctrl_we && reg_wdata[2] && !busy) begin
        unloading <= 1'b1;
        unload_ptr <= 7'd0;
      end else if (unload_beat) begin
        unload_ptr <= unload_ptr + 7'd1;
        if (unload_ptr == 7'd127) unloading <= 1'b0;
      end

      if (busy) cycles <= cycles + 32'd1;
      case (state)
        ST_IDLE:
          if (start) begin
            busy <= 1'b1;
            done <= 1'b0;
            cycles <= 32'd1;
            layer <= 3'd0;
            idx <= 8'd0;
            state <= (op == OP_PW || op == OP_PWACC) ? ST_MAP : ST_LAYERS;
          end
        ST_LAYERS: begin
          idx <= idx + 8'd1;
          if (idx == 8'd127) begin
            idx <= 8'd0;
            state <= ST_DRAIN;
          end
        end
        ST_MAP: begin
          idx <= idx + 8'd1;
          if (idx == 8'd255 || (op == OP_INVNTT && idx == 8'd127)) begin
            idx <= 8'd0;
            layer <= 3'd7;  // the map pass is the last
            state <= ST_DRAIN;
          end
        end
        default: begin  // ST_DRAIN: wait for the write-backs of the pass
          if (pipe_empty) begin
            if (layer == 3'd7) begin
              if (op == OP_INVNTT && !map_done) begin
                state <= ST_MAP;  // the last layer's sums times 2^64/256
              end else begin
                state <= ST_IDLE;
                busy <= 1'b0;
                done <= 1'b1;
              end
            end else begin
              layer <= layer + 3'd1;
              state <= ST_LAYERS;
            end
          end
        end
      endcase
    end
  end

  // Whether the inverse NTT's final map pass has run (set in ST_MAP).
  always @(posedge clk) begin
    if (!rst_n || start) map_done <= 1'b0;
    else if (state == ST_MAP) map_done <= 1'b1;
  end

  wire unused = ^{s_axis_tlast, reg_wdata, zeta_k_inv[8], diff[31:0]};
endmodule
`default_nettype wire
